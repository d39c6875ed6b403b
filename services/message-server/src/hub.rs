//! The sockets this process holds, by user: pushes reach a user's sockets here, and a session
//! ended elsewhere closes its own. Every replica keeps its own hub and hears every notification
//! on its broadcast queue, so a user gets each notification once, from the replica holding the
//! socket.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use platform::i18n::Lang;
use tokio::sync::mpsc;

/// What a socket's task is told to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outbound {
    Text(String),
    Close,
}

struct Socket {
    id: u64,
    session_id: String,
    lang: Lang,
    tx: mpsc::UnboundedSender<Outbound>,
}

/// How many pushed notification ids a hub remembers to drop a second copy of.
const REMEMBERED: usize = 10_000;

#[derive(Default)]
pub struct Hub {
    next_id: Mutex<u64>,
    users: Mutex<HashMap<i64, Vec<Socket>>>,
    /// Ids pushed lately: events are delivered at least once (two replicas' relays may both
    /// publish an outbox row before either marks it sent), a user sees each notification once.
    pushed: Mutex<(
        std::collections::VecDeque<i64>,
        std::collections::HashSet<i64>,
    )>,
}

impl Hub {
    /// Whether `notification_id` is new here (and remembers it).
    pub fn first_time(&self, notification_id: i64) -> bool {
        let mut pushed = self.pushed.lock().unwrap_or_else(PoisonError::into_inner);
        let (order, set) = &mut *pushed;
        if !set.insert(notification_id) {
            return false;
        }
        order.push_back(notification_id);
        if order.len() > REMEMBERED
            && let Some(old) = order.pop_front()
        {
            set.remove(&old);
        }
        true
    }

    /// Registers a socket; answers its id (to leave with) and what it will be told.
    pub fn join(
        &self,
        user_id: i64,
        session_id: &str,
        lang: Lang,
    ) -> (u64, mpsc::UnboundedReceiver<Outbound>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let id = {
            let mut next = self.next_id.lock().unwrap_or_else(PoisonError::into_inner);
            *next += 1;
            *next
        };
        self.users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(user_id)
            .or_default()
            .push(Socket {
                id,
                session_id: session_id.to_owned(),
                lang,
                tx,
            });
        (id, rx)
    }

    pub fn leave(&self, user_id: i64, socket_id: u64) {
        let mut users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sockets) = users.get_mut(&user_id) {
            sockets.retain(|s| s.id != socket_id);
            if sockets.is_empty() {
                users.remove(&user_id);
            }
        }
    }

    /// Sends each of the user's sockets the text made for its language; answers how many.
    pub fn push(&self, user_id: i64, text: impl Fn(Lang) -> String) -> usize {
        let users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        users.get(&user_id).map_or(0, |sockets| {
            sockets
                .iter()
                .filter(|s| s.tx.send(Outbound::Text(text(s.lang))).is_ok())
                .count()
        })
    }

    /// Closes the sockets of an ended session.
    pub fn close_session(&self, session_id: &str) {
        let users = self.users.lock().unwrap_or_else(PoisonError::into_inner);
        for s in users
            .values()
            .flatten()
            .filter(|s| s.session_id == session_id)
        {
            let _ = s.tx.send(Outbound::Close);
        }
    }

    /// Sockets held now.
    pub fn len(&self) -> usize {
        self.users
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .map(Vec::len)
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_reach_the_users_sockets_in_their_language_and_sessions_close() {
        let hub = Hub::default();
        let (a, mut rx_a) = hub.join(1, "s1", Lang::En);
        let (_, mut rx_b) = hub.join(1, "s2", Lang::ZhCn);
        let (_, mut rx_c) = hub.join(2, "s3", Lang::En);
        let text = |l: Lang| {
            if l == Lang::En {
                "hi".to_owned()
            } else {
                "你好".to_owned()
            }
        };
        assert_eq!(hub.push(1, text), 2);
        assert_eq!(rx_a.try_recv(), Ok(Outbound::Text("hi".into())));
        assert_eq!(rx_b.try_recv(), Ok(Outbound::Text("你好".into())));
        assert!(rx_c.try_recv().is_err());
        hub.close_session("s2");
        assert_eq!(rx_b.try_recv(), Ok(Outbound::Close));
        assert!(rx_a.try_recv().is_err());
        hub.leave(1, a);
        assert_eq!(hub.push(1, text), 1);
        assert_eq!(hub.len(), 2);
    }

    #[test]
    fn a_notification_is_pushed_once_however_often_it_arrives() {
        let hub = Hub::default();
        assert!(hub.first_time(7));
        assert!(!hub.first_time(7));
        for id in 100..100 + REMEMBERED as i64 {
            assert!(hub.first_time(id));
        }
        assert!(hub.first_time(7), "forgotten after {REMEMBERED} others");
    }
}
