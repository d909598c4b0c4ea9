//! Work done on every core and taken in order: `build` and `check` run
//! their layouts and languages on a bounded pool of threads, and say and
//! keep what each did in the order a serial run would, so that their
//! findings, their summary and every byte written are a serial run's. It
//! depends on nothing of the crate.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex};

/// The threads a build uses when `--jobs` does not say: the machine's cores.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `work(0)`, `work(1)`, … `work(count - 1)` on `threads` threads and
/// hands each result to `take` on the calling thread in that order, as soon
/// as it and every one before it are done. A thread starts no job more than
/// `2 x threads` ahead of the next one taken, so that results waiting for
/// an earlier, slower one (a deck of photos) stay few. With one thread, or
/// one job, everything runs on the calling thread.
pub fn in_order<T: Send>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
    mut take: impl FnMut(usize, T),
) {
    let threads = threads.clamp(1, count.max(1));
    if threads == 1 {
        for i in 0..count {
            take(i, work(i));
        }
        return;
    }
    let window = threads * 2;
    // The next job to start and the next to take, with a signal when either moves.
    let state = Mutex::new((0usize, 0usize));
    let moved = Condvar::new();
    let (send, receive) = std::sync::mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (state, moved, work) = (&state, &moved, &work);
            scope.spawn(move || {
                loop {
                    let i = {
                        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                        while s.0 < count && s.0 >= s.1 + window {
                            s = moved.wait(s).unwrap_or_else(|e| e.into_inner());
                        }
                        if s.0 >= count {
                            return;
                        }
                        s.0 += 1;
                        s.0 - 1
                    };
                    if send.send((i, work(i))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut waiting: BTreeMap<usize, T> = BTreeMap::new();
        let mut next = 0;
        for (i, result) in receive.iter() {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&next) {
                take(next, result);
                next += 1;
                state.lock().unwrap_or_else(|e| e.into_inner()).1 = next;
                moved.notify_all();
            }
        }
    });
}
