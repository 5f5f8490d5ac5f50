# Determinisation for AIs that face hidden information (cards in piles, hands, cauldrons).
#
# The AI must decide from what its seat may see. It asks the rules for possible worlds with
# `state.sample_hidden(seat, rng)` (a full state consistent with the seat's knowledge: hidden
# cards dealt again at random), scores each candidate action in each world, and plays the
# action with the best total. Never the real hidden cards: that would be cheating.
#
# The budget is counted in evaluations (reproducible on every machine) with an optional
# wall-clock cap on the device (`deadline_ms`, from `ticks_ms`), so a Hard move stays under
# about a second on a Pico whatever the position.

import time


def deadline(ms):
    """A deadline `ms` from now for `out_of_time`, or None for no wall-clock cap."""
    if ms is None or ms <= 0 or not hasattr(time, "ticks_ms"):
        return None
    return time.ticks_add(time.ticks_ms(), ms)  # type: ignore[attr-defined]


def out_of_time(when):
    return when is not None and time.ticks_diff(time.ticks_ms(), when) >= 0  # type: ignore


def determinize(state, seat, rng, candidates, evaluate, worlds, when=None, sample=None):
    """The candidate with the best summed value over sampled worlds.

    `candidates`: the actions to compare (at least one). `evaluate(world, action)` -> number
    (higher is better for `seat`); it may change `world` (each call gets its own clone).
    `worlds`: how many worlds to sample (the budget); stops early at the deadline `when`
    (see `deadline`) once every candidate has been scored in at least one world. Ties keep
    the earlier candidate, so the order of `candidates` is the AI's preference order.
    `sample(state, seat, rng)`, when given, makes the worlds instead of `state.sample_hidden`
    (an AI that forgets samples what it recalls, not what its seat has seen)."""
    n = len(candidates)
    if n == 0:
        raise ValueError("no candidate actions")
    if n == 1:
        return candidates[0]
    totals = [0.0] * n
    done = 0
    while done < worlds:
        world = sample(state, seat, rng) if sample else state.sample_hidden(seat, rng)
        for i in range(n):
            totals[i] += evaluate(world.clone(), candidates[i])
        done += 1
        if out_of_time(when):
            break
    best = 0
    for i in range(1, n):
        if totals[i] > totals[best]:
            best = i
    return candidates[best]
