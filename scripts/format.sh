#!/usr/bin/env bash
# Formats our C++ (src/ and tests/) in the house style of .clang-format, in place. With --check,
# changes nothing and lists the files that are not in that style (exit 1): ctest's `format` test.
# third_party/ is vendored and never formatted; the layer guard's fixture is a tree of examples.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = "--check" ] && check=1
# The style is clang-format 14's (Debian 12): another version formats some lines otherwise.
formatter=${CLANG_FORMAT:-clang-format-14}
command -v "$formatter" >/dev/null || { echo "format: $formatter is not installed (scripts/install-deps.sh installs it)" >&2; exit 2; }
mapfile -t files < <(find src tests -path tests/layers/fixture -prune -o \( -name '*.cpp' -o -name '*.h' \) -print | sort)
if [ "$check" -eq 0 ]; then
  "$formatter" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$formatter" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "format: ${#bad[@]} of ${#files[@]} files are not in the style of .clang-format (run scripts/format.sh):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  "$formatter" --dry-run "${bad[0]}" 2>&1 | head -20 >&2
  exit 1
fi
echo "format: ${#files[@]} files in the house style"
