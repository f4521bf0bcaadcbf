//! A session over a shared graph: runs read the graph under a shared lock, so any number of
//! threads may run at once while additions to the graph wait for them.

use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use super::{Endpoint, Graph, run};
use crate::error::Result;
use crate::tensor::Tensor;

/// A graph that sessions and builders share.
#[derive(Debug, Default)]
pub struct SharedGraph(RwLock<Graph>);

impl SharedGraph {
    /// A new, empty shared graph.
    pub fn new() -> SharedGraph {
        SharedGraph::default()
    }

    /// Reads the graph. A panic never happens under the lock (all failures are `Result`s), but a
    /// poisoned lock is recovered rather than turned into a second panic.
    pub fn read(&self) -> RwLockReadGuard<'_, Graph> {
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Changes the graph.
    pub fn write(&self) -> RwLockWriteGuard<'_, Graph> {
        self.0.write().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A session: runs on the graph it was created for, seeing nodes added later too.
#[derive(Debug)]
pub struct Session {
    graph: Arc<SharedGraph>,
}

impl Session {
    /// A session over `graph`.
    pub fn new(graph: Arc<SharedGraph>) -> Session {
        Session { graph }
    }

    /// The graph this session runs.
    pub fn graph(&self) -> &Arc<SharedGraph> {
        &self.graph
    }

    /// [`run`] on this session's graph.
    pub fn run(
        &self,
        feeds: &[(Endpoint, Arc<Tensor>)],
        fetches: &[Endpoint],
        targets: &[usize],
    ) -> Result<Vec<Arc<Tensor>>> {
        run(&self.graph.read(), feeds, fetches, targets)
    }
}
