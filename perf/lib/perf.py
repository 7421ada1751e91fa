#!/usr/bin/env python3
"""Helpers of perf/run.sh (standard library only).

  perf.py dataset OUT ROWS           synthetic llama3.1-8b-shaped dataset (token-id prompts of 64-192 tokens)
  perf.py body DATASET TOKENS STREAM  the request body the harness sends for row 0 (for wrk)
  perf.py run RUN_DIR                 figures of one `harness run` as JSON: verdict, samples/s, TTFT p99, failures,
                                      client health
  perf.py added RUN_DIR PORT PREFIX   client-added TTFT against the simulator's /sim/timings, as JSON
  perf.py sched C_JSON RUN_JSON TSV Q (c): appends the schedule delays at rate Q
  perf.py report FIGURES_JSON OUT_MD  writes RESULTS.md
"""
import csv
import http.client
import json
import os
import random
import sys


def dataset(out, rows):
    r = random.Random(1)
    data = []
    for _ in range(int(rows)):
        n = r.randint(64, 192)
        ids = [128000] + [r.randint(1000, 127999) for _ in range(n - 1)]
        data.append({"input": " ".join("w%d" % x for x in ids[1:]), "tok_input": ids, "output": "x"})
    with open(out, "w") as f:
        json.dump(data, f)


def body(path, tokens, stream):
    row = json.load(open(path))[0]
    b = {"model": "sim-model", "prompt": row["tok_input"], "max_tokens": int(tokens), "ignore_eos": True,
         "return_token_ids": True, "stream": stream == "true"}
    if stream == "true":
        b["stream_options"] = {"include_usage": True}
    print(json.dumps(b, separators=(",", ":")))


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(len(v) * p))] if v else None


def run(d):
    s = json.load(open(os.path.join(d, "summary.json")))
    res = s.get("mlperf", {}).get("results", {})
    rows = list(csv.DictReader(open(os.path.join(d, "requests.csv"))))
    ttft = [float(r["ttft_ms"]) for r in rows if r["ttft_ms"] and r["outcome"] == "OK"]
    h = s.get("client_health", {})
    out = {
        "result": res.get("Result is"),
        "samples_per_s": res.get("Samples per second", res.get("Completed samples per second")),
        "requests": len(rows),
        "failed": s["failures"]["failed"],
        "ttft_p50_ms": pct(ttft, 0.5),
        "ttft_p99_ms": pct(ttft, 0.99),
        "health": h.get("verdict"),
        "reasons": h.get("reasons", []),
        "schedule_delay_ms": h.get("schedule_delay_ms"),
        "connections_opened": h.get("connections", {}).get("opened"),
        "connections_at_start": h.get("connections", {}).get("open_at_start"),
        "cpu_cores": h.get("cpu", {}).get("cores_used"),
        "jit_ms": h.get("jit_ms"),
        "loop_lag_p99_ms": h.get("event_loop", {}).get("lag_ms", {}).get("p99"),
        "gc_pause_max_ms": h.get("gc", {}).get("pause_max_ms"),
        "window_s": h.get("window_s"),
        "max_connections": s.get("config", {}).get("client", {}).get("max_connections"),
        "endpoint_connections": sum(e.get("connections_opened", 0) for e in s.get("endpoints", [])),
    }
    print(json.dumps(out))


def added(d, port, prefix):
    rows = [r for r in csv.DictReader(open(os.path.join(d, "requests.csv"))) if r["ttft_ms"] and r["outcome"] == "OK"]
    c = http.client.HTTPConnection("127.0.0.1", int(port))
    values = []
    first = []
    # where the added time goes, each from the client's own clock but the last: LoadGen's scheduler (issued -
    # scheduled), the hand-over to the event loop (dispatched - issued), writing the request (sent - dispatched), and
    # the rest: loopback both ways, the simulator's and the client's wake-ups and the client's read of the first
    # token (first token - sent, less the simulator's own arrival-to-first-token)
    parts = {"scheduler": [], "handover": [], "write": [], "wire_and_read": []}
    t0 = min(int(r["scheduled_ns"]) for r in rows)
    for r in rows:
        c.request("GET", "/sim/timings/" + prefix + r["request_id"])
        resp = c.getresponse()
        data = resp.read()
        if resp.status != 200:
            continue
        t = json.loads(data)
        own = (t["first_token_ns"] - t["arrival_ns"]) / 1e6
        a = float(r["ttft_ms"]) - own
        values.append(a)
        if int(r["scheduled_ns"]) - t0 < 1_000_000_000:
            first.append(a)
        ns = {k: int(r[k + "_ns"]) for k in ("scheduled", "issued", "dispatched", "sent", "first_token")
              if r.get(k + "_ns")}
        if len(ns) == 5:
            parts["scheduler"].append((ns["issued"] - ns["scheduled"]) / 1e6)
            parts["handover"].append((ns["dispatched"] - ns["issued"]) / 1e6)
            parts["write"].append((ns["sent"] - ns["dispatched"]) / 1e6)
            parts["wire_and_read"].append((ns["first_token"] - ns["sent"]) / 1e6 - own)
    print(json.dumps({"matched": len(values), "requests": len(rows), "p50_ms": pct(values, 0.5),
                      "p99_ms": pct(values, 0.99), "first_second_p99_ms": pct(first, 0.99),
                      "parts_ms": {k: {"p50": pct(v, 0.5), "p99": pct(v, 0.99)} for k, v in parts.items()}}))


def step(steps, r, rate):
    """Appends one (a) run: pass = no failure and TTFT p99 <= 5 ms; sustained = no failure, completions >= 95 %."""
    steps, r, rate = json.loads(steps), json.loads(r), int(rate)
    r["rate"] = rate
    sustained = r["failed"] == 0 and r["samples_per_s"] is not None and r["samples_per_s"] >= 0.95 * rate
    r["sustained"] = bool(sustained)
    r["pass"] = bool(sustained and r["ttft_p99_ms"] is not None and r["ttft_p99_ms"] <= 5)
    steps.append(r)
    print(json.dumps(steps))


def sched(c, r, tsv, q):
    """Appends (c)'s figures at rate q: the harness run's schedule delay and LoadGen alone's, from its TSV."""
    c, r = json.loads(c), json.loads(r)
    v = sorted(int(line.split("\t")[3]) / 1e6 for line in list(open(tsv))[1:]) if os.path.exists(tsv) else []
    sd = r.get("schedule_delay_ms") or {}
    c.append({"rate": int(q), "what": "non-streamed 16 tokens", "p50": sd.get("p50"), "p99": sd.get("p99"),
              "max": sd.get("max"), "alone_p50": pct(v, 0.5), "alone_p99": pct(v, 0.99),
              "alone_max": v[-1] if v else None, "health": r.get("health")})
    print(json.dumps(c))


def fmt(v, digits=2):
    if v is None:
        return "-"
    if isinstance(v, float):
        return ("%." + str(digits) + "f") % v
    return str(v)


def report(figures, out):
    f = json.load(open(figures))
    w = f["wrk"]
    lines = [
        "# Client performance — perf/run.sh results",
        "",
        "Written by `perf/run.sh` on %s: %s cores, simulator at zero latency pinned to CPU %s, harness and wrk on "
        "CPU %s, load average %s before / %s after. Ratios are against wrk on the same endpoint in the same run. "
        "Regenerate with `perf/run.sh`; see docs/performance.md for what each figure means." % (
            f["date"], f["cores"], f["sim_cpus"], f["harness_cpus"], f["load_before"], f["load_after"]),
        "",
        "| # | measure | harness | baseline (same run) | ratio / target |",
        "|---|---|---|---|---|",
        "| ceiling | wrk, streamed 100-token completions, 64 connections | | %s req/s | |" % fmt(w["stream"], 0),
        "| ceiling | wrk, non-streamed 16-token completions, 64 connections | | %s req/s | |" % fmt(w["plain"], 0),
    ]
    a = f["a"]
    best = a["best_rate"] or None
    lines.append("| (a) | Server, Poisson, streamed 100 tokens: highest rate with 0 failures and TTFT p99 <= 5 ms "
                 "| %s | wrk streamed %s req/s | %s x wrk (target >= 0.5) |" % (
                     (fmt(best, 0) + " req/s") if best else "none of the rates tried", fmt(w["stream"], 0),
                     fmt(best / w["stream"] if best and w["stream"] else None)))
    sus = a["sustained_rate"] or None
    lines.append("| (a) | ... highest rate sustained with 0 failures (completions >= 95 %% of the offered rate) | %s "
                 "| | %s x wrk |" % ((fmt(sus, 0) + " req/s") if sus else "-",
                                      fmt(sus / w["stream"] if sus and w["stream"] else None)))
    for st in a["steps"]:
        lines.append("| (a) | ... at %s QPS | %s samples/s, %d failed, TTFT p50 %s / p99 %s ms; CPU %s cores, JIT %s ms"
                     " of CPU in the %s s window, loop lag p99 %s ms, GC pause max %s ms; health %s (%s) | | %s |" % (
            fmt(st["rate"], 0), fmt(st["samples_per_s"], 0), st["failed"], fmt(st["ttft_p50_ms"]),
            fmt(st["ttft_p99_ms"]), fmt(st.get("cpu_cores")), fmt(st.get("jit_ms"), 0), fmt(st.get("window_s"), 1),
            fmt(st.get("loop_lag_p99_ms")), fmt(st.get("gc_pause_max_ms"), 0), st["health"],
            "; ".join(st["reasons"]) or "-",
            "pass" if st["pass"] else ("sustained" if st["sustained"] else "fail")))
    b = f["b"]
    lines.append("| (b) | Offline back-to-back, non-streamed 16 tokens, 64 in flight | %s samples/s | wrk %s req/s "
                 "| harness/wrk = %s (target >= 0.5) |" % (
                     fmt(b["samples_per_s"], 0), fmt(w["plain"], 0), fmt(b["ratio"])))
    for c in f["c"]:
        lines.append("| (c) | schedule delay at %s QPS, %s | p50 %s ms, p99 %s ms, max %s ms | LoadGen alone: p50 %s ms, "
                     "p99 %s ms, max %s ms | health %s |" % (
                         fmt(c["rate"], 0), c["what"], fmt(c["p50"], 3), fmt(c["p99"], 3), fmt(c["max"], 3),
                         fmt(c["alone_p50"], 3), fmt(c["alone_p99"], 3), fmt(c["alone_max"], 3), c.get("health", "-")))
    d = f["d"]
    lines.append("| (d) | heap per finished request record, %s requests | %s bytes | | target <= 1024 bytes |" % (
        d["requests"], fmt(d["bytes"], 0)))
    e = f["e"]
    parts = e.get("parts_ms") or {}
    split = "; ".join("%s p50 %s / p99 %s" % (k.replace("_", " "), fmt(v["p50"], 3), fmt(v["p99"], 3))
                      for k, v in parts.items() if v.get("p50") is not None)
    lines.append("| (e) | client-added TTFT at 1,000 QPS vs /sim/timings (%s of %s matched) | p50 %s ms, p99 %s ms "
                 "(first second p99 %s ms)%s | | targets p50 <= 0.1 ms, p99 <= 1 ms |" % (
                     e["matched"], e["requests"], fmt(e["p50_ms"], 3), fmt(e["p99_ms"], 3),
                     fmt(e["first_second_p99_ms"], 3), "; made of (ms): " + split if split else ""))
    o = f["overload"]
    lines.append("| overload | Server at %s QPS (3 x the most completions/s of (a)), --max-connections %s | %d failed, %s connections "
                 "open at the start + %s opened in the run, health %s (%s) | | 0 client-caused failures, <= max "
                 "connections, flagged |" % (
                     fmt(o.get("rate"), 0), o["max_connections"], o["failed"], o.get("connections_at_start"),
                     o.get("connections_opened"), o["health"], "; ".join(o.get("reasons", [])) or "-"))
    for name in ("client_stream", "client_plain"):
        if name in f:
            lines.append("| client only | %s | %s |  | |" % (f[name]["what"], f[name]["line"]))
    # the raw outputs' folder is printed on the terminal; a machine's path does not belong in a committed file
    lines += ["", "Raw outputs: the temporary folder perf/run.sh prints at its end.", ""]
    with open(out, "w") as fh:
        fh.write("\n".join(lines))


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"dataset": dataset, "body": body, "run": run, "added": added, "sched": sched, "step": step, "report": report}[cmd](*args)
