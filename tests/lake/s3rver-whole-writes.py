#!/usr/bin/env python3
"""The test s3rver writes as S3 does: whole or not at all (tools/lake/s3rver-atomic.cjs).

    tests/lake/s3rver-whole-writes.py S3RVER_DIR     (ctest: s3rver_whole_writes)

The lake's tests trust the fixture to be S3: a PUT whose client dies part way must store nothing
(plain s3rver keeps the part it got, which made the lake's kill soak refuse a torn file no S3 would
hold), and a whole PUT must be stored and listed. Exit 0 and "s3rver: whole writes ok" if both hold.
"""

import datetime
import os
import socket
import sys
import time
import urllib.parse
import uuid


def request(port, method, path, body=b"", length=None, abort=False):
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    # s3rver checks the key id, not the signature (tst_awssigv4 checks ours against AWS's examples).
    auth = (f"AWS4-HMAC-SHA256 Credential=S3RVER/{now[:8]}/us-east-1/s3/aws4_request, "
            "SignedHeaders=host;x-amz-date, Signature=00")
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nx-amz-date: {now}\r\n"
            f"x-amz-content-sha256: UNSIGNED-PAYLOAD\r\nAuthorization: {auth}\r\n"
            f"Content-Length: {len(body) if length is None else length}\r\nConnection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head.encode() + body)
        if abort:
            time.sleep(0.3)  # let s3rver start writing what it got
            return None
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
        return answer.decode("utf-8", "replace")


def main():
    with open(os.path.join(sys.argv[1], "endpoint")) as f:
        port = urllib.parse.urlparse(f.read().strip()).port
    prefix = "whole-" + uuid.uuid4().hex[:12]
    failures = []

    request(port, "PUT", f"/lake/{prefix}/torn", b"x" * 1000, length=100_000, abort=True)
    answer = request(port, "PUT", f"/lake/{prefix}/whole", b"y" * 1000)
    if not answer.startswith("HTTP/1.1 200"):
        failures.append(f"a whole PUT was refused: {answer.splitlines()[0]}")
    time.sleep(0.5)  # an aborted body is noticed when its socket closes
    torn = request(port, "GET", f"/lake/{prefix}/torn")
    if not torn.startswith("HTTP/1.1 404"):
        failures.append(f"a PUT whose client went away part way was stored: {torn.splitlines()[0]}")
    whole = request(port, "GET", f"/lake/{prefix}/whole")
    if not whole.startswith("HTTP/1.1 200") or not whole.endswith("y" * 1000):
        failures.append(f"a whole PUT does not read back: {whole.splitlines()[0]}")
    listing = request(port, "GET", f"/lake?list-type=2&prefix={prefix}/")
    if f"<Key>{prefix}/whole</Key>" not in listing or "torn" in listing or ".writing-" in listing:
        failures.append(f"the listing is not just the whole object: {listing[listing.find('<?xml'):]}")

    for f in failures:
        print(f"FAIL: {f}")
    if failures:
        return 1
    print("s3rver: whole writes ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
