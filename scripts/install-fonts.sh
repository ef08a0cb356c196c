#!/bin/sh
# The Debian font packages the shipped card model was trained with (models/cards.json, recipe.fonts).
# The simulated tables of the demo and the benchmarks print their decks in the fonts installed here,
# so their figures are comparable only between machines with the same fonts.
set -e
PACKAGES="fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-crosextra-carlito \
fonts-crosextra-caladea fonts-comic-neue fonts-paratype fonts-roboto-unhinted fonts-lato fonts-open-sans \
fonts-firacode fonts-hack fonts-league-spartan fonts-cabin fonts-croscore fonts-oxygen fonts-wine"
if [ "$(id -u)" != 0 ]; then
    echo "Installing fonts needs root: run 'sudo apt-get install $PACKAGES'." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq $PACKAGES >/dev/null
