# Text view of the toy game (it has no screens): what `seat` sees, one line per item.


def lines(state, seat):
    obs = state.observation(seat)
    out = ["total %d / 11" % obs["total"], "your hand: %s" % " ".join(map(str, obs["hand"]))]
    for other in range(len(obs["scores"])):
        out.append("seat %d: %d pts, %d cards" % (other, obs["scores"][other],
                                                 obs["hand_sizes"][other]))
    out.append("draw pile: %d" % obs["draw_left"])
    return out
