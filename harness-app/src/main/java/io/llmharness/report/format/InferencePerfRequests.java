package io.llmharness.report.format;

import io.llmharness.client.Prompt;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.EndpointAdapter;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code per_request_lifecycle_metrics.json}: one object per measured request with {@code start_time} and
 * {@code end_time} (seconds since the run's anchor), {@code request} (the JSON body, written by the same adapter
 * that sent it), {@code response} (the generated text; the raw SSE stream is not kept), {@code info} (token counts,
 * chunk arrival times, the stage and scheduled time) and {@code error}.
 */
final class InferencePerfRequests {

    private InferencePerfRequests() {}

    static void write(Json j, BenchReport r) throws IOException {
        EndpointAdapter adapter = EndpointAdapter.of(r.spec().api().endpoint());
        j.array(null);
        for (RequestRow row : r.requests()) {
            RequestRecord rec = row.record();
            long start = rec.sentNs() != RequestRecord.ABSENT ? rec.sentNs() : rec.issuedNs();
            j.start(null);
            j.num("start_time", r.seconds(start)).num("end_time", r.seconds(rec.doneNs()));
            j.str("request", body(adapter, r, row));
            j.str("response", row.output() == null ? "" : row.output());
            j.start("info");
            j.start("request_metrics")
                    .start("text")
                    .num("input_tokens", inputTokens(row))
                    .end()
                    .end();
            j.start("response_metrics");
            j.num("output_tokens", row.clientOutputTokens() >= 0 ? row.clientOutputTokens() : rec.outputTokens());
            j.start("server_usage")
                    .num("prompt_tokens", rec.inputTokens())
                    .num("completion_tokens", rec.outputTokens())
                    .end();
            j.array("chunk_times");
            if (rec.chunkTimesNs() != null) {
                for (long t : rec.chunkTimesNs()) {
                    j.value(r.seconds(t));
                }
            }
            j.endArray().end();
            j.start("extra_info")
                    .num("stage", row.stage())
                    .num("sample_index", rec.sampleIndex())
                    .num("scheduled_time", r.seconds(rec.scheduledNs()))
                    .str("session", row.request().session())
                    .end();
            j.nil("lora_adapter");
            j.num("input_tokens", inputTokens(row));
            j.end();
            error(j, rec.outcome());
            j.end();
        }
        j.endArray();
    }

    private static long inputTokens(RequestRow row) {
        return row.clientInputTokens() >= 0
                ? row.clientInputTokens()
                : row.record().inputTokens();
    }

    private static void error(Json j, Outcome o) throws IOException {
        if (o.isOk()) {
            j.nil("error");
            return;
        }
        String type = switch (o) {
            case Outcome.HttpError h -> "HTTP Error " + h.status();
            case Outcome.Timeout t -> "TimeoutError";
            case Outcome.TransportError t -> "ClientConnectionError";
            case Outcome.ProtocolError p -> "ProtocolError";
            case Outcome.InvalidRequest i -> "InvalidRequest";
            case Outcome.Cancelled c -> "CancelledError";
            case Outcome.Ok ok -> "";
        };
        String msg = o instanceof Outcome.Timeout ? "Request timed out" : o.describe();
        j.start("error").str("error_type", type).str("error_msg", msg).end();
    }

    private static String body(EndpointAdapter adapter, BenchReport r, RequestRow row) {
        Prompt p = row.request().sentPrompt();
        if (p == null) {
            return "";
        }
        ApiSettings api = new ApiSettings(
                r.model(), r.spec().sampling(row.request().maxTokens()), false, GuidedDecoding.RESPONSE_FORMAT, false);
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        try {
            adapter.writeBody(out, List.of(p), api, r.spec().api().streaming());
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
