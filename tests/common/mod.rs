pub mod proto_vectors;
