#!/usr/bin/env bash
# Shows that examples/maven-consumer needs nothing beyond what the main build downloads: replays
# .ci/run's Maven steps with an EMPTY local repository whose only "internet" is a mirror pointing
# at the existing ~/.m2/repository, then builds the consumer offline from what those steps fetched.
# Extra arguments go to the `verify` step, e.g. -Dcargo.command=true to reuse a built library:
#   bash scripts/check-consumer-fresh-repo.sh -Dcargo.command=true
set -euo pipefail
cd "$(dirname "$0")/.."

source_repo="${M2_SOURCE_REPO:-$HOME/.m2/repository}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/settings.xml" <<XML
<settings>
  <mirrors>
    <mirror><id>central</id><mirrorOf>*</mirrorOf><url>file://$source_repo</url></mirror>
  </mirrors>
</settings>
XML
mvn_fresh() { mvn -B -ntp -s "$work/settings.xml" -Dmaven.repo.local="$work/repo" "$@"; }

version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -1)"
echo "== verify with an empty local repository"
mvn_fresh verify "$@"
echo "== install the verified jar"
mvn_fresh install:install-file -Dfile="target/tensorbridge-${version}.jar" -DpomFile=pom.xml
echo "== the consumer, offline, from what the two steps above downloaded"
mvn_fresh -o -f examples/maven-consumer/pom.xml test
