//! `Graph::import_graph_def` over arbitrary bytes (with and without a prefix, into an empty graph
//! and into one that already holds nodes): it must never panic; a failed import must leave the
//! graph unchanged; an accepted graph must export, and the export must import again into an
//! empty graph with the same node names, op types and inferred output shapes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensorbridge::graph::Graph;

fn summary(g: &Graph) -> Vec<(String, String, Vec<Option<Vec<i64>>>)> {
    g.nodes()
        .iter()
        .map(|n| (n.name.clone(), n.op.clone(), n.outputs.iter().map(|o| o.shape.clone()).collect()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let (prefix, bytes) = match data.split_first() {
        Some((&b, rest)) if b & 1 == 1 => ("p", rest),
        Some((_, rest)) => ("", rest),
        None => ("", data),
    };
    let mut g = Graph::new();
    if g.import_graph_def(bytes, prefix).is_err() {
        assert!(g.is_empty(), "a failed import changed the graph");
        return;
    }
    let before = summary(&g);
    // A second import of the same nodes under the same names must fail and change nothing.
    if !g.is_empty() {
        assert!(g.import_graph_def(bytes, prefix).is_err());
        assert_eq!(summary(&g), before);
    }
    let exported = g.to_graph_def().expect("an imported graph exports");
    let mut again = Graph::new();
    again.import_graph_def(&exported, "").expect("an export imports");
    assert_eq!(summary(&again), before);
});
