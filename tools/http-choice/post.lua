wrk.method = "POST"
wrk.body = '{"source":"acme","destination":"bob","amount":"12.34","memo":"invoice 1042"}'
wrk.headers["Content-Type"] = "application/json"
