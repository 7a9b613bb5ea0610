# The two commands (see README.md). Everything else is in scripts/.
.PHONY: run test
run:
	scripts/run.sh
test:
	scripts/test.sh
