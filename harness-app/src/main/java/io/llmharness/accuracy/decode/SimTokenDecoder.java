package io.llmharness.accuracy.decode;

import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * Decodes the embedded simulator's token ids with its own lossless vocabulary: the decoder for runs against
 * {@code --simulate} or {@code harness sim}, whose answers are {@link SimTokenizer} ids.
 */
public final class SimTokenDecoder implements TokenDecoder {

    private final LongAdder unknown = new LongAdder();

    @Override
    public String source() {
        return "the simulator's vocabulary";
    }

    @Override
    public String decode(int[] ids, boolean skipSpecial) {
        int[] known = Arrays.stream(ids)
                .filter(id -> id >= 0 && id < SimTokenizer.VOCAB_SIZE)
                .toArray();
        unknown.add(ids.length - known.length);
        if (skipSpecial) {
            return SimTokenizer.INSTANCE.decode(known);
        }
        StringBuilder sb = new StringBuilder();
        int from = 0;
        for (int i = 0; i < known.length; i++) {
            if (SimTokenizer.isSpecial(known[i])) {
                sb.append(SimTokenizer.INSTANCE.decode(Arrays.copyOfRange(known, from, i)));
                sb.append(SimTokenizer.INSTANCE.pieceOf(known[i]));
                from = i + 1;
            }
        }
        return sb.append(SimTokenizer.INSTANCE.decode(Arrays.copyOfRange(known, from, known.length)))
                .toString();
    }

    @Override
    public long unknownIds() {
        return unknown.sum();
    }
}
