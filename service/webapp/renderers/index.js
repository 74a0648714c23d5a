// Dedicated renderers, by game id, for where a picture beats the generic panels. A game without
// one is shown by the generic panels alone.
import {dokusenrokuBoard} from "./dokusenroku.js";
import {threebythreeField} from "./threebythree.js";

const RENDERERS = {threebythree: threebythreeField, dokusenroku: dokusenrokuBoard};

/** A function (info, view, match) -> element, or null. */
export function rendererFor(game) {
  return RENDERERS[game] ?? null;
}
