"""The embedded default's channel layer: Channels' in-memory layer (one process), without the
two costs that grow with the number of sockets. Channels' own scans every queue and group for
expired messages on every receive and every group send, and deep-copies each message once per
recipient; this scans at most once a second and hands each recipient a shallow copy (group
messages here are built fresh by the sender and never changed by a receiver)."""

from __future__ import annotations

import asyncio
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class EmbeddedChannelLayer(InMemoryChannelLayer):
    _cleaned_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned_at >= CLEAN_EVERY_SECONDS:
            self._cleaned_at = now
            super()._clean_expired()

    async def send(self, channel, message):
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        queue = self.channels.get(channel)
        if queue is None:
            return await super().send(channel, message)
        try:
            queue.put_nowait((time.time() + self.expiry, dict(message)))
        except asyncio.QueueFull as error:
            raise ChannelFull(channel) from error

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass
