-- wrk script: POST the JSON body in the BODY environment variable (see simulator-bench.sh).
wrk.method = "POST"
wrk.body = os.getenv("BODY")
wrk.headers["Content-Type"] = "application/json"
