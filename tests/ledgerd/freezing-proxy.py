#!/usr/bin/env python3
"""A PostgreSQL outage for one client: relays a unix socket to the test cluster's until SIGUSR1,
then holds every byte both ways (a server gone silent, its connections open) until SIGUSR2.

usage: freezing-proxy.py LISTEN_DIR TARGET_DIR PORT   (prints "ready" once listening)
"""
import os
import select
import signal
import socket
import sys
import threading

listen_dir, target_dir, port = sys.argv[1], sys.argv[2], sys.argv[3]
name = ".s.PGSQL." + port
frozen = threading.Event()
signal.signal(signal.SIGUSR1, lambda *_: frozen.set())
signal.signal(signal.SIGUSR2, lambda *_: frozen.clear())


def relay(a, b):
    try:
        while True:
            ready, _, _ = select.select([a, b], [], [], 0.1)
            if frozen.is_set():
                continue
            for s in ready:
                data = s.recv(65536)
                if not data:
                    return
                (b if s is a else a).sendall(data)
    except OSError:
        pass
    finally:
        a.close()
        b.close()


server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
path = os.path.join(listen_dir, name)
if os.path.exists(path):
    os.unlink(path)
server.bind(path)
server.listen(64)
print("ready", flush=True)
while True:
    client, _ = server.accept()
    upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    upstream.connect(os.path.join(target_dir, name))
    threading.Thread(target=relay, args=(client, upstream), daemon=True).start()
