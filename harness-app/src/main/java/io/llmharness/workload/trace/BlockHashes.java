package io.llmharness.workload.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * Gives prompts Mooncake-style hash ids: one id per block of {@code blockSize} token ids (the last block may be
 * shorter), where a block's id stands for the block's tokens and all blocks before it. Two prompts share the ids of
 * their common whole-block prefix, as a server's prefix cache would reuse it. Ids are 0, 1, 2, … in order of first
 * appearance. Not thread-safe.
 */
public final class BlockHashes {

    private record Key(int parent, int length, long hash) {}

    private final int blockSize;
    private final Map<Key, Integer> ids = new HashMap<>();

    public BlockHashes(int blockSize) {
        if (blockSize < 1) {
            throw new IllegalArgumentException("block size " + blockSize);
        }
        this.blockSize = blockSize;
    }

    /** The hash ids of a prompt's token ids. */
    public int[] of(int[] tokens) {
        int[] out = new int[MooncakeReader.blocks(tokens.length, blockSize)];
        int parent = -1;
        for (int b = 0; b < out.length; b++) {
            int from = b * blockSize;
            int to = Math.min(tokens.length, from + blockSize);
            Key key = new Key(parent, to - from, hash(tokens, from, to));
            Integer id = ids.get(key);
            if (id == null) {
                id = ids.size();
                ids.put(key, id);
            }
            out[b] = id;
            parent = id;
        }
        return out;
    }

    /** A 64-bit mix of the tokens (SplitMix64 finaliser over a running sum), so distinct blocks do not collide. */
    private static long hash(int[] tokens, int from, int to) {
        long h = 0x9E3779B97F4A7C15L;
        for (int i = from; i < to; i++) {
            h = mix(h ^ (tokens[i] & 0xFFFFFFFFL) + 0x632BE59BD9B4E019L);
        }
        return h;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
