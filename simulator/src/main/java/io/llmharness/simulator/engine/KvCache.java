package io.llmharness.simulator.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * Block-granular KV-cache accounting with optional prefix caching, like vLLM's block manager: a sequence holds
 * {@code ceil(contextLength / blockSize)} blocks; full prompt blocks are identified by a chained hash (of the
 * previous block's hash, the block's token ids, the cache salt and, from the first image on, the media hash) and
 * shared between sequences. Blocks nobody references stay cached until their space is needed (least recently
 * released first). Engine-thread only (the zero-latency path locks it).
 */
public final class KvCache {
    private final int totalBlocks;
    private final int blockSize;
    private final boolean prefixCaching;
    private final Map<Long, Block> byHash = new HashMap<>();
    /** Idle cached blocks, least recently released first (sentinel-based doubly linked list). */
    private final Block idle = new Block(0);

    private int idleCount;
    private int usedBlocks;

    /** A shared, hashed block. */
    static final class Block {
        final long hash;
        int refs;
        Block prev;
        Block next;

        Block(long hash) {
            this.hash = hash;
            prev = this;
            next = this;
        }
    }

    /**
     * @param capacityTokens capacity in tokens, rounded down to whole blocks
     * @param minContextTokens the capacity is raised (by less than a block) so that one sequence of this many
     *     tokens always fits; pass {@code maxModelLen}
     */
    public KvCache(long capacityTokens, int blockSize, boolean prefixCaching, int minContextTokens) {
        this.blockSize = blockSize;
        long blocks = Math.max(capacityTokens / blockSize, (minContextTokens + (long) blockSize) / blockSize + 1);
        this.totalBlocks = (int) Math.min(Integer.MAX_VALUE, blocks);
        this.prefixCaching = prefixCaching;
    }

    public int totalBlocks() {
        return totalBlocks;
    }

    public int blockSize() {
        return blockSize;
    }

    public int usedBlocks() {
        return usedBlocks;
    }

    /** Fraction of blocks referenced by running sequences (0..1). */
    public double usage() {
        return totalBlocks == 0 ? 0 : (double) usedBlocks / totalBlocks;
    }

    private int blocksFor(int tokens) {
        return (tokens + blockSize - 1) / blockSize;
    }

    /**
     * Allocates blocks for a sequence about to (re)start its prefill. Returns the number of prompt tokens found in
     * the prefix cache, or -1 (and changes nothing) when the free blocks do not suffice. At least one token is
     * always left to compute, as in vLLM.
     */
    public int admit(Sequence s) {
        int needTotal = blocksFor(s.contextLength() + 1);
        int hits = 0;
        int idleHits = 0;
        long[] hashes = null;
        if (prefixCaching) {
            hashes = blockHashes(s);
            int maxHits = (s.promptLength() - 1) / blockSize;
            while (hits < maxHits) {
                Block b = byHash.get(hashes[hits]);
                if (b == null) {
                    break;
                }
                if (b.refs == 0) {
                    idleHits++;
                }
                hits++;
            }
        }
        int newBlocks = needTotal - hits;
        if (totalBlocks - usedBlocks < newBlocks + idleHits) {
            return -1;
        }
        for (int i = 0; i < hits; i++) {
            Block b = byHash.get(hashes[i]);
            if (b.refs++ == 0) {
                unlink(b);
                usedBlocks++;
            }
            s.sharedBlocks.add(b);
        }
        allocate(newBlocks);
        s.privateBlocks += newBlocks;
        if (prefixCaching) {
            int fullPromptBlocks = s.promptLength() / blockSize;
            for (int i = hits; i < fullPromptBlocks && s.privateBlocks > 0; i++) {
                if (!byHash.containsKey(hashes[i])) {
                    Block b = new Block(hashes[i]);
                    b.refs = 1;
                    byHash.put(b.hash, b);
                    s.sharedBlocks.add(b);
                    s.privateBlocks--;
                }
            }
        }
        return hits * blockSize;
    }

    /** Makes room for a context of {@code tokens}; false (and no change) when the free blocks do not suffice. */
    public boolean grow(Sequence s, int tokens) {
        int need = blocksFor(tokens) - s.privateBlocks - s.sharedBlocks.size();
        if (need <= 0) {
            return true;
        }
        if (totalBlocks - usedBlocks < need) {
            return false;
        }
        allocate(need);
        s.privateBlocks += need;
        return true;
    }

    /** Returns all of a sequence's blocks; hashed ones stay cached until evicted. */
    public void release(Sequence s) {
        usedBlocks -= s.privateBlocks;
        s.privateBlocks = 0;
        for (Block b : s.sharedBlocks) {
            if (--b.refs == 0) {
                usedBlocks--;
                linkLast(b);
            }
        }
        s.sharedBlocks.clear();
    }

    /** Drops every idle cached block (SGLang {@code /flush_cache}, vLLM {@code /reset_prefix_cache}). */
    public void clearIdle() {
        while (idle.next != idle) {
            Block b = idle.next;
            unlink(b);
            byHash.remove(b.hash);
        }
    }

    private void allocate(int blocks) {
        usedBlocks += blocks;
        while (totalBlocks - usedBlocks < idleCount && idle.next != idle) {
            Block victim = idle.next;
            unlink(victim);
            byHash.remove(victim.hash);
        }
    }

    private void unlink(Block b) {
        b.prev.next = b.next;
        b.next.prev = b.prev;
        b.prev = b;
        b.next = b;
        idleCount--;
    }

    private void linkLast(Block b) {
        b.prev = idle.prev;
        b.next = idle;
        idle.prev.next = b;
        idle.prev = b;
        idleCount++;
    }

    private long[] blockHashes(Sequence s) {
        if (s.blockHashes != null) {
            return s.blockHashes;
        }
        SequenceSpec spec = s.spec();
        int[] ids = spec.promptIds();
        long[] hashes = new long[ids.length / blockSize];
        long h = mix(0x9E3779B97F4A7C15L ^ spec.cacheSalt());
        for (int b = 0; b < hashes.length; b++) {
            int end = (b + 1) * blockSize;
            for (int i = b * blockSize; i < end; i++) {
                h = mix(h ^ (ids[i] & 0xFFFFFFFFL));
            }
            if (end > spec.firstMediaPos()) {
                h = mix(h ^ spec.mediaSalt());
            }
            hashes[b] = h;
        }
        s.blockHashes = hashes;
        return hashes;
    }

    /** SplitMix64 finaliser. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
