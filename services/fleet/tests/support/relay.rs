//! A TCP relay the test can cut, as a network between pods can be: every connection through it
//! is forwarded to one of its targets (round-robin per connection, as a Kubernetes Service
//! spreads connections over ready pods: a target that refuses is skipped). Cut, it drops every
//! open connection and every new one at once, until it is restored.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

struct State {
    targets: Mutex<Vec<SocketAddr>>,
    next: AtomicUsize,
    cut: AtomicBool,
    /// Bumped by every cut: the open connections watch it and close.
    cuts: watch::Sender<u64>,
}

pub struct Relay {
    port: u16,
    state: Arc<State>,
    /// Ends the relay's thread (and every connection it serves) when dropped.
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Relay {
    /// A relay on a free port of 127.0.0.1 to `targets`, served by a thread of its own (not the
    /// test's runtime, so a busy test never stalls the traffic it is measuring).
    pub fn new(targets: Vec<SocketAddr>) -> Self {
        let std_listener =
            std::net::TcpListener::bind("127.0.0.1:0").expect("a port for the relay");
        std_listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let port = std_listener.local_addr().expect("the relay's port").port();
        let state = Arc::new(State {
            targets: Mutex::new(targets),
            next: AtomicUsize::new(0),
            cut: AtomicBool::new(false),
            cuts: watch::channel(0).0,
        });
        let (shutdown, ended) = tokio::sync::oneshot::channel::<()>();
        let served = state.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("the relay's runtime");
            runtime.block_on(async move {
                let listener = TcpListener::from_std(std_listener).expect("the relay's listener");
                tokio::select! {
                    _ = accept(listener, served) => {}
                    _ = ended => {}
                }
            });
        });
        Self {
            port,
            state,
            shutdown: Some(shutdown),
        }
    }

    pub fn to(target: SocketAddr) -> Self {
        Self::new(vec![target])
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn set_targets(&self, targets: Vec<SocketAddr>) {
        *self
            .state
            .targets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = targets;
    }

    /// Drops every connection through the relay now, and every new one until [`Relay::restore`].
    pub fn cut(&self) {
        self.state.cut.store(true, Ordering::SeqCst);
        self.state.cuts.send_modify(|n| *n += 1);
    }

    pub fn restore(&self) {
        self.state.cut.store(false, Ordering::SeqCst);
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.cut();
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

async fn accept(listener: TcpListener, state: Arc<State>) {
    loop {
        let Ok((inbound, _)) = listener.accept().await else {
            continue;
        };
        if state.cut.load(Ordering::SeqCst) {
            drop(inbound);
            continue;
        }
        tokio::spawn(forward(inbound, state.clone()));
    }
}

async fn forward(mut inbound: TcpStream, state: Arc<State>) {
    let targets = state
        .targets
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    let first = state.next.fetch_add(1, Ordering::SeqCst);
    let mut outbound = None;
    for i in 0..targets.len() {
        if let Ok(s) = TcpStream::connect(targets[(first + i) % targets.len()]).await {
            outbound = Some(s);
            break;
        }
    }
    let Some(mut outbound) = outbound else {
        return;
    };
    let _ = inbound.set_nodelay(true);
    let _ = outbound.set_nodelay(true);
    let mut cuts = state.cuts.subscribe();
    tokio::select! {
        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
        _ = cuts.changed() => {}
    }
}
