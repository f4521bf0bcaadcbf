//! `org.tensorflow.Session`'s natives: allocation over a graph, and a run.

use std::sync::Arc;

use jni::EnvUnowned;
use jni::objects::{JClass, JIntArray, JLongArray};
use jni::sys::{jlong, jlongArray};

use super::super::guard::{guard, guard_primitive};
use super::super::handles;
use super::{endpoints, ints, longs};
use crate::graph::Session;

/// `private static native long allocate(long graph)`
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Session_allocate<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    graph: jlong,
) -> jlong {
    guard_primitive(&mut env, || handles::session_into_handle(Session::new(handles::graph(graph)?)))
}

/// `private static native long[] run(long session, int[] feeds, long[] feedTensors, int[] fetches,
/// int[] targets)`: feeds and fetches as `(node, index)` pairs; returns a new tensor handle per
/// fetch, each to be adopted by a `Tensor`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_tensorflow_Session_run<'local>(
    mut env: EnvUnowned<'local>,
    _class: JClass<'local>,
    session: jlong,
    feeds: JIntArray<'local>,
    feed_tensors: JLongArray<'local>,
    fetches: JIntArray<'local>,
    targets: JIntArray<'local>,
) -> jlongArray {
    guard(&mut env, |env| {
        let session = handles::session(session)?;
        let feeds = ints(env, &feeds)?;
        let feed_handles = longs(env, &feed_tensors)?;
        let fetches = ints(env, &fetches)?;
        let targets = ints(env, &targets)?;
        let values = handles::tensor_list(&feed_handles)?;
        let results = {
            let graph = session.graph().read();
            let feed_points = endpoints(&graph, &feeds)?;
            if feed_points.len() != values.len() {
                return Err(crate::Error::invalid_argument("feed list lengths differ").into());
            }
            let fetch_points = endpoints(&graph, &fetches)?;
            let target_ids = targets
                .iter()
                .map(|&t| super::node(&graph, t).map(|_| t as usize))
                .collect::<Result<Vec<_>, _>>()?;
            let feeds: Vec<_> = feed_points.into_iter().zip(values).collect();
            crate::graph::run(&graph, &feeds, &fetch_points, &target_ids)?
        };
        let mut out = Vec::with_capacity(results.len());
        for t in results {
            match handles::shared_into_handle(Arc::clone(&t)) {
                Ok(h) => out.push(h),
                Err(e) => {
                    for h in out {
                        let _ = handles::release(h);
                    }
                    return Err(e);
                }
            }
        }
        let array = match env.new_long_array(out.len()) {
            Ok(a) => a,
            Err(e) => {
                for h in out {
                    let _ = handles::release(h);
                }
                return Err(e.into());
            }
        };
        array.set_region(env, 0, &out)?;
        Ok(array.into_raw())
    })
}
