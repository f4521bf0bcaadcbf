//! The process-wide cache of [`LogMel`] plans, keyed by their parameters. Java holds no native
//! state for an op: each call names its parameters and gets the shared plan, so nothing can be
//! leaked, forged or used after release, and ops with equal parameters share one plan.

use std::sync::{Arc, Mutex};

use super::{LogMel, LogMelParams};

/// At most this many plans are kept (most recently used first) ...
const MAX_PLANS: usize = 16;
/// ... holding at most this many heap bytes together; a larger plan is built per call.
const MAX_BYTES: usize = 64 << 20;

static PLANS: Mutex<Vec<Arc<LogMel>>> = Mutex::new(Vec::new());

fn plans() -> std::sync::MutexGuard<'static, Vec<Arc<LogMel>>> {
    // The list is valid after any panic (every change is one Vec operation), so poisoning is moot.
    PLANS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The plan of `params`, built on first use (outside the lock: building may take milliseconds).
pub fn plan(params: LogMelParams) -> Arc<LogMel> {
    let key = params.key();
    {
        let mut list = plans();
        if let Some(i) = list.iter().position(|p| p.params().key() == key) {
            let found = list.remove(i);
            list.insert(0, Arc::clone(&found));
            return found;
        }
    }
    let built = Arc::new(LogMel::new(params));
    if built.heap_bytes() <= MAX_BYTES {
        let mut list = plans();
        if !list.iter().any(|p| p.params().key() == key) {
            list.insert(0, Arc::clone(&built));
        }
        let mut total = 0;
        let keep = list
            .iter()
            .take(MAX_PLANS)
            .take_while(|p| {
                total += p.heap_bytes();
                total <= MAX_BYTES
            })
            .count();
        list.truncate(keep);
    }
    built
}

/// Plans currently cached.
pub fn cached() -> usize {
    plans().len()
}
