#!/usr/bin/env python3
"""Opens COUNT keep-alive connections to HOST:PORT, sends one GET /health on each, reads the
answer, then holds them all idle until SIGTERM. Prints "ready N" once every connection has
been answered. Needs `ulimit -n` above COUNT (Benchmarks/run.sh raises it).

Usage: idle_connections.py HOST PORT COUNT
"""
import selectors
import signal
import socket
import sys
import time

host, port, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
request = f"GET /health HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
selector = selectors.DefaultSelector()
sockets = []
answered = 0
start = time.time()

# Connect in batches so the listen backlog never overflows.
batch = 500
for first in range(0, count, batch):
    pending = []
    for _ in range(min(batch, count - first)):
        s = socket.create_connection((host, port), timeout=30)
        s.sendall(request)
        s.setblocking(False)
        sockets.append(s)
        pending.append(s)
        selector.register(s, selectors.EVENT_READ, bytearray())
    # Read each answer through the end of its headers and body (Content-Length).
    waiting = set(pending)
    deadline = time.time() + 60
    while waiting and time.time() < deadline:
        for key, _ in selector.select(timeout=1):
            s, buffer = key.fileobj, key.data
            chunk = s.recv(4096)
            if not chunk:
                sys.exit(f"connection closed by the server after {answered} answers")
            buffer.extend(chunk)
            head, sep, body = bytes(buffer).partition(b"\r\n\r\n")
            if sep:
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                if len(body) >= length:
                    if not head.startswith(b"HTTP/1.1 200"):
                        sys.exit("unexpected answer: " + head.split(b"\r\n")[0].decode())
                    selector.unregister(s)
                    waiting.discard(s)
                    answered += 1
    if waiting:
        sys.exit(f"{len(waiting)} connections not answered in 60 s")

print(f"ready {answered} connections open and idle after {time.time() - start:.1f} s", flush=True)
for s in sockets:
    selector.register(s, selectors.EVENT_READ)
stopping = False


def stop(_signum, _frame):
    global stopping
    stopping = True


signal.signal(signal.SIGTERM, stop)
closed = 0
while not stopping:
    for key, _ in selector.select(timeout=0.5):
        # Readable while idle means the server closed it.
        try:
            data = key.fileobj.recv(1)
        except OSError:
            data = b""
        if not data:
            selector.unregister(key.fileobj)
            closed += 1
            print(f"server closed {closed} idle connections", flush=True)
for s in sockets:
    s.close()
