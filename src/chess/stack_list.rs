//! A fixed-capacity list on the stack whose unused slots are never written.
//!
//! The search creates several move and score lists at every node; zero-filling their
//! arrays took 8% of `ferrite bench` (perf, `__memset` in the profile). Leaving the storage
//! uninitialised removes that cost, at the price of the two `unsafe` reads below.

use std::mem::MaybeUninit;

/// Up to `N` values of `T`, pushed one by one.
#[derive(Clone)]
pub struct StackList<T: Copy, const N: usize> {
    items: [MaybeUninit<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> StackList<T, N> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        StackList {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }

    /// Appends a value.
    ///
    /// # Panics
    /// If the list already holds `N` values, in every build. Callers size `N` so that this
    /// cannot happen (move lists hold the 218 moves of the richest position a FEN may set
    /// up), so an overflow is a bug; dropping the value instead would quietly lose a move.
    #[inline(always)]
    pub fn push(&mut self, value: T) {
        // The bounds check is the only branch on the hot path; the panic stays out of line.
        match self.items.get_mut(self.len) {
            Some(slot) => {
                slot.write(value);
                self.len += 1;
            }
            None => overflow(N),
        }
    }

    /// Number of values.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True if the list holds nothing.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `len <= N` and `push` initialised every slot below `len` (it is the only
        // place `len` grows); `MaybeUninit<T>` has the layout of `T`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast::<T>(), self.len) }
    }

    /// The values as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as in `as_slice`; the borrow of `self` is exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<T>(), self.len) }
    }

    /// Iterates over the values.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }
}

/// The out-of-line panic of [`StackList::push`].
#[cold]
#[inline(never)]
fn overflow(capacity: usize) -> ! {
    panic!("invariant: a StackList of capacity {capacity} overflowed");
}

impl<T: Copy + PartialEq, const N: usize> StackList<T, N> {
    /// True if `value` is in the list.
    pub fn contains(&self, value: T) -> bool {
        self.as_slice().contains(&value)
    }
}

impl<T: Copy, const N: usize> Default for StackList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a StackList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_pushed() {
        let mut list: StackList<i32, 3> = StackList::new();
        assert!(list.is_empty());
        assert_eq!(list.as_slice(), &[] as &[i32]);
        for value in [7, -2, 9] {
            list.push(value);
        }
        assert_eq!(list.len(), 3);
        assert_eq!(list.as_slice(), &[7, -2, 9]);
        list.as_mut_slice().sort();
        assert_eq!(list.iter().copied().collect::<Vec<_>>(), vec![-2, 7, 9]);
        assert!(list.contains(9) && !list.contains(11));
        let copy = list.clone();
        assert_eq!(copy.as_slice(), list.as_slice());
    }

    #[test]
    #[should_panic(expected = "invariant: a StackList of capacity 3 overflowed")]
    fn pushing_past_capacity_panics() {
        let mut list: StackList<i32, 3> = StackList::new();
        for value in 0..4 {
            list.push(value);
        }
    }
}
