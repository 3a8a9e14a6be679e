//! Runs independent pieces of work on several threads and hands the results back in
//! input order, so that what is printed does not depend on the number of threads.

use std::cmp::Reverse;
use std::convert::Infallible;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Threads to use when the user does not say: one per core.
pub fn default_jobs() -> usize {
    thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// `work` on every item with up to `jobs` threads, the results in input order.
pub fn map<T: Sync, R: Send>(items: &[T], jobs: usize, work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let mut out = Vec::with_capacity(items.len());
    let pushed: Result<(), Infallible> = for_each_ordered(
        items,
        jobs,
        |_| 0,
        work,
        |r| {
            out.push(r);
            Ok(())
        },
    );
    match pushed {
        Ok(()) => out,
    }
}

/// Runs `work` on every item with up to `jobs` threads, the costliest items (by
/// `cost`) first so that no thread is left with a long item at the end, and calls
/// `done` with each result in input order, as soon as it and every result before it
/// are in. With one job the items run one after another, in input order.
///
/// An error from `done` stops the work: items not yet started are skipped (those
/// running finish first), and the error is returned.
pub fn for_each_ordered<T, R, E>(
    items: &[T],
    jobs: usize,
    cost: impl Fn(&T) -> u64,
    work: impl Fn(&T) -> R + Sync,
    mut done: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let jobs = jobs.clamp(1, items.len().max(1));
    if jobs == 1 {
        return items.iter().try_for_each(|item| done(work(item)));
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    // Stable: items of equal cost keep their input order.
    order.sort_by_key(|&i| Reverse(cost(&items[i])));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (order, next, stop, work) = (&order, &next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if tx.send((i, work(&items[i]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending: Vec<Option<R>> = items.iter().map(|_| None).collect();
        let mut n_done = 0;
        for (i, result) in rx {
            pending[i] = Some(result);
            while let Some(result) = pending.get_mut(n_done).and_then(Option::take) {
                n_done += 1;
                if let Err(e) = done(result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_input_order_whatever_the_threads() {
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 3, 8] {
            // Costs that run the items far out of input order.
            let mut seen = Vec::new();
            let result: Result<(), ()> = for_each_ordered(
                &items,
                jobs,
                |&i| (i * 7919) % 101,
                |&i| {
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
                "jobs {jobs}"
            );
        }
        assert_eq!(map(&items, 4, |&i| i + 1), (1..201).collect::<Vec<_>>());
    }

    #[test]
    fn an_error_stops_the_work_and_is_returned() {
        let items: Vec<u32> = (0..1000).collect();
        let started = AtomicUsize::new(0);
        let mut seen = 0;
        let result = for_each_ordered(
            &items,
            2,
            |_| 0,
            |&i| {
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
            started.load(Ordering::Relaxed) < items.len(),
            "the work went on to the end"
        );
    }
}
