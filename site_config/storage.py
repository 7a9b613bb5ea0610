from servestatic.storage import CompressedManifestStaticFilesStorage

# Files whose every import must resolve; other apps' files (django-htmx mentions
# `import("../htmx")` inside JSDoc comments) keep an unresolvable reference as written.
STRICT_PREFIXES = ("js/", "vendor/", "css/")


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Hashed, compressed names; rewrites ES module imports so three.js addons resolve."""

    support_js_module_import_aggregation = True
    manifest_strict = False
    # Each pass settles one more link of an import chain whose importer sorts after what it
    # imports (a page -> js/engines/index.js -> js/game-modules.js -> a game's AI -> its
    # search -> its board -> the engine twin; a play page down to the generated games
    # registry): Django's 5 passes were too few.
    max_post_process_passes = 10

    def url_converter(self, name, hashed_files, template=None):
        convert = super().url_converter(name, hashed_files, template)
        if name.startswith(STRICT_PREFIXES):
            return convert

        def keep_unresolvable(matchobj):
            try:
                return convert(matchobj)
            except ValueError:
                return matchobj.group(0)

        return keep_unresolvable
