//! Our engine in WebAssembly as a UCI engine, the same code the web worker
//! runs (a test tool: ours in WebAssembly against the sparring partner in
//! WebAssembly at equal time). Built for wasm32 it exports three functions
//! that `lab/tools/wasm_uci.mjs` calls from Node, a command line at a time:
//!
//!     cargo build --profile web-worker --target wasm32-unknown-unknown -p pantheon-lab --bin wasm_uci
//!     node lab/tools/wasm_uci.mjs target/wasm32-unknown-unknown/web-worker/wasm_uci.wasm
//!
//! `go` searches before it returns (there is no thread: `stop` cannot cut a
//! search short, so give every `go` a limit); the clock is the host's
//! `performance.now()`, imported as `env.now_ms`.

#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::RefCell;

    use pantheon::uci::Uci;

    #[link(wasm_import_module = "env")]
    extern "C" {
        fn now_ms() -> f64;
    }

    fn clock() -> f64 {
        // SAFETY: the host provides `env.now_ms`, a function of no arguments.
        unsafe { now_ms() }
    }

    thread_local! {
        static SESSION: RefCell<Uci> = RefCell::new(Uci::with_clock(clock));
        static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
        static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }

    /// Where the host writes a command line of `len` bytes (UTF-8).
    #[no_mangle]
    pub extern "C" fn uci_input(len: usize) -> *mut u8 {
        INPUT.with_borrow_mut(|input| {
            input.resize(len, 0);
            input.as_mut_ptr()
        })
    }

    /// Handles the command line written at [`uci_input`]; returns the length
    /// of the replies (lines joined by newlines) found at [`uci_output`].
    #[no_mangle]
    pub extern "C" fn uci_handle() -> usize {
        let line = INPUT.with_borrow(|input| String::from_utf8_lossy(input).into_owned());
        let mut replies = Vec::new();
        SESSION.with_borrow_mut(|s| s.handle(&line, &mut |reply| replies.push(reply)));
        OUTPUT.with_borrow_mut(|output| {
            *output = replies.join("\n").into_bytes();
            output.len()
        })
    }

    /// The replies of the last [`uci_handle`].
    #[no_mangle]
    pub extern "C" fn uci_output() -> *const u8 {
        OUTPUT.with_borrow(|output| output.as_ptr())
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "wasm_uci is built for wasm32 and run by lab/tools/wasm_uci.mjs; natively, use the uci binary"
    );
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
fn main() {}
