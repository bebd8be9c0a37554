#!/usr/bin/env bash
# Clones the project for deploy/install.sh: the checkout SOURCE's remote (origin; SOURCE itself when
# it has none) into DEST, on a branch whose upstream npm run update follows:
#
#   deploy/clone-project.sh SOURCE DEST
#
# - SOURCE on a branch the remote has: that branch.
# - A tag, a detached checkout, or a branch only SOURCE has: the remote's default branch, then reset
#   to SOURCE's commit when the remote has it (the install serves the version checked out, and
#   updates move it on); when it has not, the default branch as it is, saying so.
# Run by root on another user's checkout, git would refuse it ("dubious ownership"): SOURCE and the
# remote are named safe for these commands only.
set -euo pipefail
source_repo="${1:?usage: $0 SOURCE DEST}"
dest="${2:?usage: $0 SOURCE DEST}"
source_git() { git -c safe.directory="$source_repo" -C "$source_repo" "$@"; }
origin="$(source_git remote get-url origin 2>/dev/null || echo "$source_repo")"
remote_git() { git -c safe.directory="$origin" -c safe.directory="$origin/.git" "$@"; }
commit="$(source_git rev-parse HEAD)"
branch="$(source_git symbolic-ref -q --short HEAD || true)"
if [ -n "$branch" ] && remote_git ls-remote --exit-code --heads "$origin" "$branch" >/dev/null 2>&1; then
  remote_git clone -q --branch "$branch" "$origin" "$dest"
else
  remote_git clone -q "$origin" "$dest"
  if git -C "$dest" cat-file -e "$commit^{commit}" 2>/dev/null; then
    git -C "$dest" reset -q --hard "$commit"
  else
    echo "Commit $commit is not on $origin: installing its default branch ($(git -C "$dest" rev-parse --short HEAD))." >&2
  fi
fi
