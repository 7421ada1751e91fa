package io.llmharness.client.engine;

import io.llmharness.client.record.RequestRecord;

/** What has arrived so far for one prompt of a request. Confined to the request's event loop. */
final class ChoiceState {

    private TokenIdBuffer ids;
    private boolean idsMissing;
    private StringBuilder text;
    long firstNs = RequestRecord.ABSENT;
    long lastNs = RequestRecord.ABSENT;
    int chunks;
    long maxGapNs;
    String finish;
    long serverPrompt = -1;
    long serverCompletion = -1;
    boolean seen;

    /**
     * Adds one output piece.
     *
     * @return the gap since the previous piece, or -1 for the first piece
     */
    long add(int[] newIds, int count, String newText, long nowNs) {
        seen = true;
        long gap = -1;
        if (firstNs == RequestRecord.ABSENT) {
            firstNs = nowNs;
        } else {
            gap = nowNs - lastNs;
            maxGapNs = Math.max(maxGapNs, gap);
        }
        lastNs = nowNs;
        chunks++;
        if (newIds == null) {
            idsMissing = true;
        } else if (count > 0) {
            if (ids == null) {
                ids = new TokenIdBuffer();
            }
            ids.add(newIds, count);
        }
        if (newText != null) {
            if (text == null) {
                text = new StringBuilder(newText.length() * 8);
            }
            text.append(newText);
        }
        return gap;
    }

    ChoiceOutput toOutput(int index, long requestUsage) {
        int[] all = idsMissing ? null : (ids == null ? (chunks == 0 ? null : new int[0]) : ids.toArray());
        long server = serverCompletion >= 0 ? serverCompletion : requestUsage;
        return new ChoiceOutput(index, all, text == null ? null : text.toString(), server, chunks, finish);
    }
}
