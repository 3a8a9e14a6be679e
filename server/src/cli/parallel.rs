//! Runs independent pieces of work on several threads and hands the results back in
//! input order, so that what is printed does not depend on the number of threads.
//! The pieces come from an iterator and only a window of them is taken ahead of the
//! oldest unfinished one, so memory stays flat however many come (a pack of ten
//! thousand levels is checked with the memory of a few hundred).

use std::collections::VecDeque;
use std::num::NonZeroUsize;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex, PoisonError};
use std::thread;

/// Threads to use when the user does not say: one per core.
pub fn default_jobs() -> usize {
    thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// Runs `work` on every item of `items` with up to `jobs` threads and calls `done`
/// with each result in input order, as soon as it and every result before it are in.
/// At most `window` items are taken from `items` ahead of the oldest one whose result
/// is not yet done; of those, the costliest (by `cost`) starts first, so that no thread
/// is left with a long item at the end. With one job the items run one after another,
/// in input order.
///
/// An error from `done` stops the work: items not yet started are skipped (those
/// running finish first), and the error is returned.
pub fn stream_ordered<T, R, E>(
    items: impl IntoIterator<Item = T>,
    jobs: usize,
    window: usize,
    cost: impl Fn(&T) -> u64,
    work: impl Fn(T) -> R + Sync,
    mut done: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    R: Send,
{
    let mut items = items.into_iter();
    if jobs <= 1 {
        return items.try_for_each(|item| done(work(item)));
    }
    let window = window.max(jobs);
    let pool = Pool {
        state: Mutex::new(Waiting {
            items: Vec::new(),
            closed: false,
        }),
        ready: Condvar::new(),
    };
    thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, R)>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (pool, work) = (&pool, &work);
            scope.spawn(move || {
                while let Some((seq, item)) = pool.take() {
                    if tx.send((seq, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Results by input position, from the oldest not yet done.
        let mut pending: VecDeque<Option<R>> = VecDeque::new();
        let mut taken = 0;
        let mut exhausted = false;
        let result = loop {
            // Take items while the window has room.
            while !exhausted && pending.len() < window {
                match items.next() {
                    Some(item) => {
                        pool.put(cost(&item), taken, item);
                        pending.push_back(None);
                        taken += 1;
                    }
                    None => {
                        exhausted = true;
                        pool.close();
                    }
                }
            }
            if pending.is_empty() {
                break Ok(());
            }
            let Ok((seq, result)) = rx.recv() else {
                break Ok(());
            };
            let oldest = taken - pending.len();
            pending[seq - oldest] = Some(result);
            let mut failed = None;
            while let Some(Some(_)) = pending.front() {
                if let Some(Some(result)) = pending.pop_front() {
                    if let Err(e) = done(result) {
                        failed = Some(e);
                        break;
                    }
                }
            }
            if let Some(e) = failed {
                break Err(e);
            }
        };
        // Workers waiting for items stop; the ones running finish their item.
        pool.close_and_clear();
        result
    })
}

/// The items taken from the input and not yet started, shared by the threads.
struct Pool<T> {
    state: Mutex<Waiting<T>>,
    ready: Condvar,
}

struct Waiting<T> {
    /// (cost, input position, item).
    items: Vec<(u64, usize, T)>,
    /// No more items will come.
    closed: bool,
}

impl<T> Pool<T> {
    fn put(&self, cost: u64, seq: usize, item: T) {
        self.lock().items.push((cost, seq, item));
        self.ready.notify_one();
    }

    fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_all();
    }

    fn close_and_clear(&self) {
        let mut state = self.lock();
        state.closed = true;
        state.items.clear();
        drop(state);
        self.ready.notify_all();
    }

    /// The costliest item waiting (the oldest of equal cost), once there is one;
    /// `None` when none will come.
    fn take(&self) -> Option<(usize, T)> {
        let mut state = self.lock();
        loop {
            let best = state
                .items
                .iter()
                .enumerate()
                .max_by_key(|(_, (cost, seq, _))| (*cost, std::cmp::Reverse(*seq)))
                .map(|(k, _)| k);
            if let Some(k) = best {
                let (_, seq, item) = state.items.swap_remove(k);
                return Some((seq, item));
            }
            if state.closed {
                return None;
            }
            state = self.ready.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Waiting<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_come_in_input_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        for (jobs, window) in [(1, 1), (2, 2), (3, 16), (8, 1000)] {
            // Costs that run the items far out of input order.
            let mut seen = Vec::new();
            let result: Result<(), ()> = stream_ordered(
                items.iter().copied(),
                jobs,
                window,
                |&i| (i * 7919) % 101,
                |i| {
                    std::thread::sleep(std::time::Duration::from_micros((i * 31) % 200));
                    i * i
                },
                |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(result, Ok(()));
            assert_eq!(
                seen,
                items.iter().map(|i| i * i).collect::<Vec<_>>(),
                "jobs {jobs}, window {window}"
            );
        }
    }

    #[test]
    fn no_more_than_the_window_is_taken_ahead() {
        let taken = AtomicUsize::new(0);
        let mut ahead = 0;
        let mut n_done = 0;
        let items = (0..2000).inspect(|_| {
            taken.fetch_add(1, Ordering::Relaxed);
        });
        let result: Result<(), ()> = stream_ordered(
            items,
            3,
            32,
            |&i| i % 7,
            |i| i,
            |_| {
                n_done += 1;
                ahead = ahead.max(taken.load(Ordering::Relaxed) - n_done);
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(n_done, 2000);
        assert!(ahead <= 32, "{ahead} items taken ahead of the last one done");
    }

    #[test]
    fn an_error_stops_the_work_and_is_returned() {
        let started = AtomicUsize::new(0);
        let mut seen = 0;
        let result = stream_ordered(
            0..1000u32,
            2,
            64,
            |_| 0,
            |i| {
                started.fetch_add(1, Ordering::Relaxed);
                // Past the first results every item is slow: all of them would take
                // seconds, so the stop must cut the work short.
                if i > 20 {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                i
            },
            |i| {
                seen += 1;
                if i == 10 {
                    Err("stop")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(result, Err("stop"));
        assert_eq!(seen, 11);
        assert!(
            started.load(Ordering::Relaxed) < 1000,
            "the work went on to the end"
        );
    }
}
