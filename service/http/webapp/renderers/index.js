// Dedicated renderers, by game id, for where a picture beats the generic panels. A game without
// one is shown by the generic panels alone. A renderer is (info, view, match, ctx) -> element;
// on the play page ctx = {actions, play}: the listed legal actions and the function that posts
// one of them, for fields that let a square or a pile be clicked (the replay passes no ctx).
import {dimensionZeroField} from "./dimension_zero.js";
import {dokusenrokuBoard} from "./dokusenroku.js";
import {shisorokuTable} from "./shisoroku.js";
import {threebythreeField} from "./threebythree.js";

const RENDERERS = {threebythree: threebythreeField, dokusenroku: dokusenrokuBoard,
                   "dimension-zero": dimensionZeroField, shisoroku: shisorokuTable};

/** A function (info, view, match, ctx?) -> element, or null. */
export function rendererFor(game) {
  return RENDERERS[game] ?? null;
}
