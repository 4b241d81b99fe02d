"""The studio's listening socket gives connections with TCP_NODELAY (issue 36): made without
``IPPROTO_TCP``, asyncio left Nagle's algorithm on, and every page picture waited 40 ms for the
browser's delayed ACK of its headers before its body went."""

from __future__ import annotations

import asyncio
import socket

from domino_print.studio.server import listening_socket


def test_connections_to_the_studios_socket_have_nodelay_as_asyncio_serves_them():
    seen: list[int] = []

    class Probe(asyncio.Protocol):
        def connection_made(self, transport) -> None:
            sock = transport.get_extra_info("socket")
            seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            transport.close()

    async def serve_one() -> None:
        listening = listening_socket(0)
        port = listening.getsockname()[1]
        server = await asyncio.get_running_loop().create_server(Probe, sock=listening)
        async with server:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            await reader.read()  # the server closes it once seen
            writer.close()

    asyncio.run(serve_one())
    assert len(seen) == 1
    assert seen[0] != 0
