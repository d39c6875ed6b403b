//! The outgoing HTTP client: one per thread, shared by every caller on it. Building an awc
//! client is not free (with TLS it reads the system's certificate authorities), and a shared
//! one keeps its connections alive between calls. awc clients cannot cross threads, hence one
//! per thread; callers set their timeout on each request.

thread_local! {
    static CLIENT: awc::Client = awc::Client::default();
}

/// This thread's client.
pub fn client() -> awc::Client {
    CLIENT.with(Clone::clone)
}
