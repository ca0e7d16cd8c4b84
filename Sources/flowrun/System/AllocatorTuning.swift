#if canImport(Glibc)
import CMalloc
#endif

/// How glibc's allocator keeps and gives back memory, set by the commands where a
/// measured figure showed its defaults cost (no-ops elsewhere).
enum AllocatorTuning {
    /// For `flowrun lsp`: a fixed mmap threshold. glibc otherwise raises it to the size of
    /// the largest block freed (up to 32 MiB), after which a document's text, tree and
    /// model are carved from the heap, and their space is not given back between two
    /// checks. On a 10 MB flow this takes the peak after an edit from 12.6x to 11.8x the file.
    static func giveLargeBlocksBack() {
        #if canImport(Glibc)
        mallopt(M_MMAP_THRESHOLD, 128 * 1024)
        #endif
    }

    /// For `flowrun lsp`, after each round of checks and once a changed document's old
    /// text and check are dropped: the memory they held is given back to the system.
    /// Without it the next check of a large document does not fit in what the last one
    /// left in pieces, and the peak grows with every edit (on a 10 MB flow, from 11.5x the
    /// file after opening to 12.8x after the first edit without either call, 12.2x with
    /// the first only, 11.9x with both; a keystroke on a 23 KB flow stays at 1.3 ms).
    static func giveFreedMemoryBack() {
        #if canImport(Glibc)
        malloc_trim(0)
        #endif
    }

    /// For `flowrun validate`: freed memory is kept at the top of the heap for the next
    /// file, and the heap grows in larger steps, rather than being given back and asked
    /// for again (and its pages faulted in anew) file after file. On a folder of 2,000
    /// flows this takes 3% off the time; the peak does not change.
    static func keepFreedMemoryForTheNextFile() {
        #if canImport(Glibc)
        mallopt(M_TRIM_THRESHOLD, 32 << 20)
        mallopt(M_TOP_PAD, 4 << 20)
        #endif
    }
}
