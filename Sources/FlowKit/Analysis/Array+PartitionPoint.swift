extension Array {
    /// The position of the first element that `isAfter` holds for, in an array where every
    /// element it holds for comes after every one it does not (a sorted array asked "at or
    /// past x?"): a binary search. `count` when it holds for none.
    func partitionPoint(_ isAfter: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
