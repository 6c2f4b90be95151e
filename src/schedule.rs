//! Runs a pass over a list of files on every thread of the pool, strictly in the list's order.
//!
//! Each thread takes the next item as soon as it is done with one. The passes list the files
//! largest first, so the last to start are the smallest, and no thread waits long at the end of
//! a pass for another to finish a large file. A parallel iterator splits the list in halves
//! instead: the second thread starts in the middle, and a large file listed early may still be
//! the last to start. The passes with the project index are short, and there that wait was most
//! of their wall time.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// `f` of every item, in the items' order. A panic in `f` reaches the caller.
pub fn in_order<T, R, F>(pool: &rayon::ThreadPool, items: Vec<T>, f: F) -> InOrder<R>
where
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync,
{
    // Each item is taken once, by the thread that drew its number.
    let items: Vec<Mutex<Option<T>>> = items.into_iter().map(|t| Mutex::new(Some(t))).collect();
    let next = AtomicUsize::new(0);
    let lists: Vec<Vec<(usize, R)>> = pool.broadcast(|_| {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = items.get(i) else { break };
            let item = match slot.lock() {
                Ok(mut guard) => guard.take(),
                Err(poisoned) => poisoned.into_inner().take(),
            };
            if let Some(item) = item {
                done.push((i, f(item)));
            }
        }
        done
    });
    InOrder { lists: lists.into_iter().map(|l| l.into_iter().peekable()).collect() }
}

/// The results of [`in_order`], in the items' order. Each thread's list is in that order
/// already, since a thread draws ever higher numbers; they are merged as they are read, so that
/// the results are not copied once more (on a tree of many thousand files they are megabytes).
pub struct InOrder<R> {
    lists: Vec<std::iter::Peekable<std::vec::IntoIter<(usize, R)>>>,
}

impl<R> Iterator for InOrder<R> {
    type Item = R;

    fn next(&mut self) -> Option<R> {
        let mut first: Option<(usize, usize)> = None;
        for (l, list) in self.lists.iter_mut().enumerate() {
            if let Some(&(i, _)) = list.peek() {
                if first.is_none_or(|(_, j)| i < j) {
                    first = Some((l, i));
                }
            }
        }
        let (l, _) = first?;
        self.lists.get_mut(l)?.next().map(|(_, r)| r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_and_in_order_whatever_the_threads() {
        for threads in [1, 2, 4] {
            let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(p) => p,
                Err(e) => panic!("{e}"),
            };
            let items: Vec<String> = (0..1000).map(|i| format!("f{i}")).collect();
            let out: Vec<String> = in_order(&pool, items.clone(), |s| s.repeat(2)).collect();
            assert_eq!(out, items.iter().map(|s| s.repeat(2)).collect::<Vec<_>>());
            assert_eq!(in_order(&pool, Vec::<u8>::new(), |b| b).count(), 0);
        }
    }
}
