//! The network built into the binary: the evaluation unless `EvalFile` or `--eval-file`
//! names another. Its file lives beside this module, `net/ferrite.nnue` (net 12); the float
//! checkpoint `ferrite train` wrote with it lives with the training data, in
//! `data/nets/net12.ckpt` (the tests in `tests/eval.rs` check that the two agree). A new
//! network replaces the file and adds its checkpoint there; a file of the wrong size fails
//! the build, as the bytes are typed `[u8; NET_BYTES]`, and one whose header is not this
//! engine's fails the test below.

use super::network::{Network, NET_BYTES};
use std::sync::{Arc, LazyLock};

/// The embedded network's file.
pub static NET_FILE: &[u8; NET_BYTES] = include_bytes!("net/ferrite.nnue");

/// The embedded network, read once.
static NETWORK: LazyLock<Arc<Network>> = LazyLock::new(|| {
    // The bytes are part of the binary, not outside input, and the test below proves that
    // they parse: a failure here is a broken build, not bad input.
    Arc::new(Network::from_bytes(NET_FILE).expect("invariant: the embedded network parses"))
});

/// The embedded network (shared: every caller gets the same one).
pub fn embedded() -> Arc<Network> {
    Arc::clone(&NETWORK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_bytes_are_a_network() {
        let net = Network::from_bytes(NET_FILE);
        assert!(net.is_ok(), "{:?}", net.err());
        assert!(Arc::ptr_eq(&embedded(), &embedded()));
        assert_eq!(embedded().to_bytes(), NET_FILE.as_slice());
    }
}
