//! Replays the log-mel golden vectors recorded from TensorFlow 2.21 (`tests/vectors/log_mel.jsonl`,
//! made by `tests/vectors/gen/log_mel_gen.py`): every case through the shared plan, each value
//! within the contract's rule (docs/contracts/audio-log-mel.md#accuracy), and every parameter set
//! TensorFlow refuses refused here too.

use std::collections::HashMap;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::Value;
use tensorbridge::lite::audio::{LogMelParams, plan_cache};

const VECTORS: &str = include_str!("vectors/log_mel.jsonl");
/// Absolute error allowed in the log domain.
const LOG_TOLERANCE: f64 = 1e-3;
/// Otherwise: mel energy error allowed, relative to the frame's largest energy.
const ENERGY_TOLERANCE: f64 = 1e-5;

fn params(v: &Value) -> Result<LogMelParams, tensorbridge::Error> {
    let p = v.as_array().unwrap();
    let i = |k: usize| p[k].as_i64().unwrap() as i32;
    let f = |k: usize| p[k].as_f64().unwrap() as f32;
    LogMelParams::new(i(0), i(1), i(2), i(3), i(4), f(5), f(6), f(7))
}

fn bytes(v: &Value) -> Vec<u8> {
    STANDARD.decode(v.as_str().unwrap()).unwrap()
}

/// How one value passed.
#[derive(Default, Debug)]
struct Tally {
    by_log: usize,
    by_energy: usize,
    max_log_error: f64,
    /// The largest log error among the values that passed by the log rule.
    max_log_error_by_log: f64,
}

/// Checks `ours` against TensorFlow's `[frames, mel]` result `tf` under the two rules.
fn compare(tag: &str, tf: &[f32], ours: &[f32], mel: usize, offset: f64, tally: &mut Tally) {
    assert_eq!(tf.len(), ours.len(), "{tag}");
    for (f, (tf_row, our_row)) in tf.chunks(mel).zip(ours.chunks(mel)).enumerate() {
        let energy = |v: f32| f64::from(v).exp() - offset;
        let largest = tf_row.iter().map(|&v| energy(v)).fold(0.0, f64::max);
        for (m, (&t, &o)) in tf_row.iter().zip(our_row).enumerate() {
            let log_error = (f64::from(t) - f64::from(o)).abs();
            tally.max_log_error = tally.max_log_error.max(log_error);
            if log_error <= LOG_TOLERANCE {
                tally.by_log += 1;
                tally.max_log_error_by_log = tally.max_log_error_by_log.max(log_error);
            } else if (energy(t) - energy(o)).abs() <= ENERGY_TOLERANCE * largest {
                tally.by_energy += 1;
            } else {
                panic!("{tag} frame {f} band {m}: ours {o}, TensorFlow {t} (frame's largest energy {largest})");
            }
        }
    }
}

#[test]
fn log_mel_matches_tensorflow() {
    let mut signals: HashMap<String, Vec<f32>> = HashMap::new();
    let (mut tally, mut cases, mut refused) = (Tally::default(), 0, 0);
    for line in VECTORS.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        match v["kind"].as_str().unwrap() {
            "signal" => {
                let samples = bytes(&v["pcm16"])
                    .chunks_exact(2)
                    .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
                    .collect();
                signals.insert(v["name"].as_str().unwrap().to_string(), samples);
            }
            "case" => {
                let tag = format!("{} / {}", v["tag"].as_str().unwrap(), v["signal"].as_str().unwrap());
                let p = params(&v["params"]).unwrap();
                let n = v["length"].as_u64().unwrap() as usize;
                let signal = &signals[v["signal"].as_str().unwrap()][..n];
                let (frames, mel) = (v["frames"].as_u64().unwrap() as usize, v["mel_bins"].as_u64().unwrap() as usize);
                assert_eq!(p.frames(n).unwrap(), frames, "{tag}");
                assert_eq!(p.mel_bins, mel, "{tag}");
                let tf: Vec<f32> = bytes(&v["log_mel"])
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                let mut ours = vec![0f32; frames * mel];
                plan_cache::plan(p).run(signal, &mut ours).unwrap();
                compare(&tag, &tf, &ours, mel, f64::from(p.log_offset), &mut tally);
                cases += 1;
            }
            "refused" => {
                let err = params(&v["params"]).unwrap_err();
                assert_eq!(err.kind, tensorbridge::ErrorKind::InvalidArgument, "{line}");
                refused += 1;
            }
            other => panic!("unknown kind {other}"),
        }
    }
    println!(
        "log-mel vs TensorFlow: {cases} cases, {} values within {LOG_TOLERANCE} in log (largest {:e}), {} more by energy, max log error {:e}; {refused} refusals",
        tally.by_log, tally.max_log_error_by_log, tally.by_energy, tally.max_log_error
    );
    assert!(cases >= 30 && refused >= 5, "vector file incomplete");
    assert!(tally.by_log > 10 * tally.by_energy, "{tally:?}");
}
