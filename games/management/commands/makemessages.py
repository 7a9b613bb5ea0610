"""Django's makemessages, also finding `pgettext_noop(context, message)`: the games registry
(games/registry.py, plain Python without Django) marks its message ids with a context that
way, and Django's own list of keywords has no such function."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=pgettext_noop:1c,2"]
