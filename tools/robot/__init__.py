"""The robot player: whole games played through the buttons, as a person plays them.

    python -m tools.robot --short                      the pass `make test` runs
    python -m tools.robot --games 200 --seed 1         the long pass (make robot ARGS=...)
    python -m tools.robot --game shadowlock --board pico_lcd_1_14 --lang fr --games 5

Each run opens a game from the main menu on the headless simulator (virtual clock), sets up
the table, plays the person's seat by pressing buttons to the result and the after-game
choice, and checks everything a player would notice (tools.robot.watch, tools.robot.player).
A failing run prints the `python -m sim --headless ... --keys "..."` line that replays it.
The last line is `robot: N games, N presses, N failures`; the exit status is 1 on any failure.

- driver.py: the app and the presses (a key script as it goes);
- watch.py: the checks made on every frame;
- player.py: what to press on each screen, and the checks at the game's end;
- habits.py: what a person soon learns about a table (Memory's cards seen, a meld to lay);
- feel.py: the console's moments a plan may play at a turn: sleep and wake, a power cut
  and the power-on that brings the table back, A held on a card;
- matrix.py: which runs make a pass (games x boards x languages x players x levels);
- mpy.py: a run's key script replayed under the MicroPython unix port with a Pico's heap.
"""
