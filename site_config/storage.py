from servestatic.storage import CompressedManifestStaticFilesStorage

# Files whose every import must resolve; other apps' files (django-htmx mentions
# `import("../htmx")` inside JSDoc comments) keep an unresolvable reference as written.
STRICT_PREFIXES = ("js/", "vendor/", "css/")


class StaticStorage(CompressedManifestStaticFilesStorage):
    """Hashed, compressed names; rewrites ES module imports so three.js addons resolve."""

    support_js_module_import_aggregation = True
    manifest_strict = False
    # Each pass settles one more level of a chain of imports (a play page's entry module down
    # to the generated games registry is more than Django's default 5 deep).
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
