//! The handle registry: every native object handed to Java (a tensor, a graph, a session, an op
//! result's storage block) lives
//! in one slot of a slab, and the `jlong`
//! Java holds is `generation << 32 | slot`. Nothing else is ever dereferenced: a handle that was
//! never issued, was released already, or whose slot has been reused since (its generation no
//! longer matches) is refused with `IllegalStateException` before any tensor is touched, so no
//! value a Java caller passes can reach freed or foreign memory.
//!
//! Concurrency: the slab sits behind one short mutex. A borrow takes it only to check the handle
//! and clone the slot's `Arc`; the native body then runs on its own reference, without the lock.
//! A release on another thread only drops the slot's reference, so memory is freed when the last
//! borrower finishes, never under it. Java's lifecycle protocol (ARCHITECTURE.md) is therefore
//! needed only for the documented exceptions, not for memory safety.
//!
//! Generations are 32 bits and start at 1 (so no handle is 0); a slot is retired rather than
//! reused once its generation would wrap, so a stale handle can never match again.

use std::sync::{Arc, Mutex, MutexGuard};

use jni::sys::jlong;

use super::errors::BridgeResult;
use super::result_storage::ResultBlock;
use crate::graph::{Session, SharedGraph};
use crate::tensor::Tensor;
use crate::{Error, ErrorKind};

/// What a slot holds. A handle of one kind is refused where another is expected, with the same
/// message as a handle that is not live.
#[derive(Clone)]
enum Native {
    Tensor(Arc<Tensor>),
    Graph(Arc<SharedGraph>),
    Session(Arc<Session>),
    /// An op result's storage block (`ResultStorage`): never looked up, only released (the
    /// slot's reference is what keeps the block allocated).
    #[allow(dead_code)]
    Block(Arc<ResultBlock>),
}

struct Slot {
    /// Generation of the current (or next) occupant; odd values are never special.
    generation: u32,
    tensor: Option<Native>,
}

#[derive(Default)]
struct Slab {
    slots: Vec<Slot>,
    /// Vacant slots, reused last-in first-out.
    free: Vec<u32>,
    live: i64,
}

static REGISTRY: Mutex<Slab> = Mutex::new(Slab { slots: Vec::new(), free: Vec::new(), live: 0 });

/// The registry lock. A panic never happens while it is held (no user code runs under it), but a
/// poisoned lock is recovered rather than turned into a second panic.
fn registry() -> MutexGuard<'static, Slab> {
    REGISTRY.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn pack(index: u32, generation: u32) -> jlong {
    ((u64::from(generation) << 32) | u64::from(index)) as jlong
}

fn unpack(handle: jlong) -> (usize, u32) {
    let bits = handle as u64;
    ((bits & 0xffff_ffff) as usize, (bits >> 32) as u32)
}

/// The message for a handle that is not live; see the module comment.
fn invalid(handle: jlong) -> Error {
    invalid_kind(handle, "tensor")
}

fn invalid_kind(handle: jlong, kind: &str) -> Error {
    Error::new(
        ErrorKind::IllegalState,
        format!("invalid {kind} handle 0x{handle:x}: never issued, or released already"),
    )
}

impl Slab {
    fn lookup_native(&self, handle: jlong) -> Option<&Native> {
        let (index, generation) = unpack(handle);
        let slot = self.slots.get(index)?;
        if slot.generation != generation {
            return None;
        }
        slot.tensor.as_ref()
    }

    fn lookup(&self, handle: jlong) -> Option<&Arc<Tensor>> {
        match self.lookup_native(handle)? {
            Native::Tensor(t) => Some(t),
            _ => None,
        }
    }

    fn insert(&mut self, tensor: Native) -> BridgeResult<jlong> {
        self.live += 1;
        if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.tensor = Some(tensor);
            return Ok(pack(index, slot.generation));
        }
        let index = u32::try_from(self.slots.len())
            .ok()
            .filter(|i| *i < u32::MAX)
            .ok_or_else(|| Error::resource_exhausted("too many live native handles"))?;
        self.slots.push(Slot { generation: 1, tensor: Some(tensor) });
        Ok(pack(index, 1))
    }
}

/// Registers `tensor` and returns its new handle (never 0).
pub(crate) fn into_handle(tensor: Tensor) -> BridgeResult<jlong> {
    registry().insert(Native::Tensor(Arc::new(tensor)))
}

/// Registers an already shared tensor value (e.g. a session's fetch result).
pub(crate) fn shared_into_handle(tensor: Arc<Tensor>) -> BridgeResult<jlong> {
    registry().insert(Native::Tensor(tensor))
}

/// Registers a graph and returns its new handle.
pub(crate) fn graph_into_handle(graph: Arc<SharedGraph>) -> BridgeResult<jlong> {
    registry().insert(Native::Graph(graph))
}

/// Registers a session and returns its new handle.
pub(crate) fn session_into_handle(session: Session) -> BridgeResult<jlong> {
    registry().insert(Native::Session(Arc::new(session)))
}

/// Registers an op result's storage block and returns its new handle.
pub(crate) fn block_into_handle(block: ResultBlock) -> BridgeResult<jlong> {
    registry().insert(Native::Block(Arc::new(block)))
}

/// The graph behind a live graph handle.
pub(crate) fn graph(handle: jlong) -> BridgeResult<Arc<SharedGraph>> {
    match registry().lookup_native(handle) {
        Some(Native::Graph(g)) => Ok(Arc::clone(g)),
        _ => Err(invalid_kind(handle, "graph").into()),
    }
}

/// The session behind a live session handle.
pub(crate) fn session(handle: jlong) -> BridgeResult<Arc<Session>> {
    match registry().lookup_native(handle) {
        Some(Native::Session(s)) => Ok(Arc::clone(s)),
        _ => Err(invalid_kind(handle, "session").into()),
    }
}

/// The tensors behind a list of live handles, checked under one lock acquisition.
pub(crate) fn tensor_list(handles: &[jlong]) -> BridgeResult<Vec<Arc<Tensor>>> {
    let slab = registry();
    handles
        .iter()
        .map(|&h| slab.lookup(h).cloned().ok_or_else(|| invalid(h).into()))
        .collect()
}

/// The tensor behind a live handle, as a reference of the caller's own: valid however long the
/// caller keeps it, whatever other threads release meanwhile.
pub(crate) fn tensor(handle: jlong) -> BridgeResult<Arc<Tensor>> {
    registry().lookup(handle).cloned().ok_or_else(|| invalid(handle).into())
}

/// The tensors behind several live handles, checked under one lock acquisition (for ops).
pub(crate) fn tensors<const N: usize>(handles: [jlong; N]) -> BridgeResult<[Arc<Tensor>; N]> {
    let slab = registry();
    let mut bad = None;
    let out = handles.map(|h| match slab.lookup(h) {
        Some(t) => Some(Arc::clone(t)),
        None => {
            bad.get_or_insert(h);
            None
        }
    });
    drop(slab);
    if let Some(h) = bad {
        return Err(invalid(h).into());
    }
    // Every entry is Some here (no handle was refused): no default is ever made.
    Ok(out.map(Option::unwrap_or_default))
}

/// The tensors behind any number of live handles, appended to `out` (on the caller's stack for
/// a few), checked under one lock acquisition; `out` is left empty if one is refused.
pub(crate) fn tensors_into<A: smallvec::Array<Item = Arc<Tensor>>>(
    handles: &[jlong],
    out: &mut smallvec::SmallVec<A>,
) -> BridgeResult<()> {
    let slab = registry();
    for &h in handles {
        match slab.lookup(h) {
            Some(t) => out.push(Arc::clone(t)),
            None => {
                drop(slab);
                out.clear();
                return Err(invalid(h).into());
            }
        }
    }
    Ok(())
}

/// Replaces the tensor behind a live handle (for `CopyFrom`, which changes a tensor in place) and
/// registers the value it replaced under a new handle, returned: a reader that began before the
/// swap may still be using that value's memory (through a view), so the caller keeps it until
/// such readers are done. Swap and registration happen under one lock, so concurrent replaces
/// each keep exactly the value they displaced.
pub(crate) fn replace(handle: jlong, tensor: Tensor) -> BridgeResult<jlong> {
    let mut slab = registry();
    let (index, generation) = unpack(handle);
    let old = match slab.slots.get_mut(index) {
        Some(slot)
            if slot.generation == generation
                && matches!(slot.tensor, Some(Native::Tensor(_))) =>
        {
            slot.tensor.replace(Native::Tensor(Arc::new(tensor)))
        }
        _ => return Err(invalid(handle).into()),
    };
    match old {
        Some(old) => slab.insert(old),
        None => Err(invalid(handle).into()),
    }
}

/// Releases a live handle. A handle that is not live (double release, stale, forged) is refused
/// with `IllegalStateException` and changes nothing.
pub(crate) fn release(handle: jlong) -> BridgeResult<()> {
    let removed = {
        let mut slab = registry();
        let (index, generation) = unpack(handle);
        let Some(slot) = slab.slots.get_mut(index).filter(|s| s.generation == generation) else {
            return Err(invalid(handle).into());
        };
        let Some(tensor) = slot.tensor.take() else {
            return Err(invalid(handle).into());
        };
        slot.generation = slot.generation.wrapping_add(1);
        // A slot whose generation wrapped to 0 is retired: reusing it could revive old handles.
        if slot.generation != 0 {
            slab.free.push(index as u32);
        }
        slab.live -= 1;
        tensor
    };
    // Dropped outside the lock: freeing a large buffer must not stall other threads' borrows.
    drop(removed);
    Ok(())
}

/// Releases several handles under one lock acquisition (the safety net's batches). Every live
/// one is released; if any is not, the first such is refused with `IllegalStateException` after
/// the others are released. The values are dropped after the lock is let go.
pub(crate) fn release_all(handles: &[jlong]) -> BridgeResult<()> {
    let mut removed = Vec::with_capacity(handles.len());
    let mut refused = None;
    {
        let mut slab = registry();
        for &handle in handles {
            let (index, generation) = unpack(handle);
            let taken = slab
                .slots
                .get_mut(index)
                .filter(|s| s.generation == generation)
                .and_then(|slot| {
                    let tensor = slot.tensor.take()?;
                    slot.generation = slot.generation.wrapping_add(1);
                    Some((tensor, slot.generation != 0))
                });
            match taken {
                Some((tensor, reusable)) => {
                    if reusable {
                        slab.free.push(index as u32);
                    }
                    slab.live -= 1;
                    removed.push(tensor);
                }
                None => {
                    refused.get_or_insert(handle);
                }
            }
        }
    }
    drop(removed);
    match refused {
        Some(handle) => Err(invalid(handle).into()),
        None => Ok(()),
    }
}

/// The number of live handles (tensors, data-view keep-alives, graphs and sessions), for the
/// test library's leak checks.
#[cfg(feature = "testing")]
pub(crate) fn live_handles() -> i64 {
    registry().live
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(v: f32) -> Tensor {
        Tensor::from_scalar(v)
    }

    #[test]
    fn issued_handles_work_until_released_then_fail() {
        let h = into_handle(scalar(1.0)).unwrap();
        assert_ne!(h, 0);
        assert!(tensor(h).is_ok());
        release(h).unwrap();
        assert!(tensor(h).is_err());
        assert!(release(h).is_err(), "double release must be refused");
    }

    #[test]
    fn release_all_releases_every_live_handle_and_refuses_the_rest() {
        let a = into_handle(scalar(1.0)).unwrap();
        let b = into_handle(scalar(2.0)).unwrap();
        let stale = into_handle(scalar(3.0)).unwrap();
        release(stale).unwrap();
        let err = release_all(&[a, stale, b]).unwrap_err();
        assert!(format!("{err:?}").contains(&format!("0x{stale:x}")), "{err:?}");
        assert!(tensor(a).is_err() && tensor(b).is_err(), "both live handles released");
        assert!(release_all(&[a]).is_err(), "a second release is refused");
        release_all(&[]).unwrap();
    }

    #[test]
    fn forged_handles_are_refused() {
        for forged in [0, 1, 0xdead_beef, jlong::MAX, jlong::MIN, -1] {
            assert!(tensor(forged).is_err(), "{forged:#x}");
            assert!(release(forged).is_err(), "{forged:#x}");
        }
    }

    #[test]
    fn a_reused_slot_does_not_revive_a_stale_handle() {
        let old = into_handle(scalar(1.0)).unwrap();
        release(old).unwrap();
        // LIFO reuse: another thread may take the slot first, so retry until ours is reused.
        let mut held = Vec::new();
        let new = loop {
            let h = into_handle(scalar(2.0)).unwrap();
            if unpack(h).0 == unpack(old).0 {
                break h;
            }
            held.push(h);
        };
        assert_ne!(new, old);
        assert!(tensor(old).is_err());
        assert!(tensor(new).is_ok());
        for h in held.into_iter().chain([new]) {
            release(h).unwrap();
        }
    }

    #[test]
    fn a_borrow_outlives_a_concurrent_release() {
        let h = into_handle(scalar(7.0)).unwrap();
        let borrowed = tensor(h).unwrap();
        release(h).unwrap();
        assert_eq!(borrowed.tensor_data().unwrap(), 7.0f32.to_le_bytes());
    }

    /// The per-call cost of validation, for ARCHITECTURE.md (a measurement, not a check):
    /// `cargo test --release --lib handles::tests::validation_cost -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn validation_cost() {
        use std::hint::black_box;
        use std::time::Instant;
        const N: u32 = 20_000_000;
        let h = into_handle(scalar(1.0)).unwrap();
        // The old scheme: the handle was the address of a boxed tensor, read without a check.
        let boxed = Box::into_raw(Box::new(scalar(1.0)));
        let raw = boxed as jlong;
        for round in 0..3 {
            let start = Instant::now();
            for _ in 0..N {
                // SAFETY: `boxed` is live until the end of the test.
                let t = unsafe { &*(black_box(raw) as *const Tensor) };
                black_box(t.dtype());
            }
            let old = start.elapsed().as_nanos() as f64 / f64::from(N);
            let start = Instant::now();
            for _ in 0..N {
                let t = tensor(black_box(h)).unwrap();
                black_box(t.dtype());
            }
            let one = start.elapsed().as_nanos() as f64 / f64::from(N);
            let start = Instant::now();
            for _ in 0..N / 4 {
                let ts = tensors(black_box([h, h, h, h])).unwrap();
                black_box(ts[3].dtype());
            }
            let four = start.elapsed().as_nanos() as f64 / f64::from(N / 4);
            println!(
                "round {round}: raw pointer {old:.2} ns, validated borrow {one:.2} ns, four handles under one lock {four:.2} ns"
            );
        }
        // SAFETY: from Box::into_raw above, freed once.
        drop(unsafe { Box::from_raw(boxed) });
        release(h).unwrap();
    }
}
