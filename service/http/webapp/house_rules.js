// House rules: where a rulebook leaves a rule open and players read it differently, the game declares
// a ruling with named choices (GET /games/<id> "rulings"); a match picks its choices when it is made
// (POST /matches "rulings") and shows the choices in force (GET /matches/<id> "rulings"). Rulings are
// shown by their titles and choices in the player's words, never by their ids.
import {h} from "./dom.js";
import {_, current} from "./i18n.js";

const selectable = rulings => (rulings ?? []).filter(r => r.choices && Object.keys(r.choices).length);
const words = (text, fallback) => text?.[current()] ?? text?.en ?? text?.ja ?? fallback;

/** The lobby form's collapsed "House rules" section for a game's rulings, each ruling's default
 *  chosen; `chosen()` gives the choices that differ from the defaults (what POST /matches takes).
 *  Hidden for a game with no selectable ruling. */
export function houseRulesForm() {
  const box = h("div", {class: "house-rules-choices"});
  const section = h("details", {class: "house-rules", id: "house-rules", hidden: true},
    h("summary", {}, _("House rules")),
    h("p", {class: "hint"}, _("Where the rulebook leaves a rule open, choose how this match reads it. Left as they are, the usual readings apply.")),
    box);
  let shown = [];

  function fill(rulings) {
    shown = selectable(rulings);
    section.hidden = !shown.length;
    section.open = false;
    box.replaceChildren(...shown.map(rulingChoices));
  }
  function chosen() {
    const out = {};
    for (const r of shown) {
      const picked = box.querySelector(`input[name="ruling-${r.name}"]:checked`)?.value;
      if (picked && picked !== r.default) out[r.name] = picked;
    }
    return out;
  }
  return {element: section, fill, chosen};
}

function rulingChoices(ruling) {
  return h("fieldset", {class: "ruling", "data-ruling": ruling.name},
    h("legend", {}, ruling.title),
    Object.entries(ruling.choices).map(([name, text]) => {
      const id = `ruling-${ruling.name}-${name}`;
      return h("div", {class: "ruling-choice"},
        h("input", {type: "radio", id, name: `ruling-${ruling.name}`, value: name, checked: name === ruling.default}),
        h("label", {for: id}, words(text, name), name === ruling.default ? h("span", {class: "usual"}, " ", _("(usual)")) : null));
    }),
    h("details", {class: "why"}, h("summary", {}, _("Why is this open?")), h("p", {}, words(ruling.text, ""))));
}

/** The house rules of a match (its `rulings` in force, by name) as a list for the join page: each
 *  ruling's title and the choice in force, those the match chose first. Null when the game has none. */
export function houseRulesList(inForce, rulings) {
  const names = Object.keys(inForce ?? {});
  if (!names.length) return null;
  const byName = new Map(selectable(rulings).map(r => [r.name, r]));
  const changed = name => byName.has(name) && inForce[name] !== byName.get(name).default;
  const ordered = [...names.filter(changed), ...names.filter(n => !changed(n))];
  return h("section", {class: "house-rules", id: "house-rules"},
    h("h3", {}, _("House rules")),
    h("ul", {class: "ruling-list"}, ordered.map(name => {
      const ruling = byName.get(name), choice = inForce[name];
      return h("li", {"data-ruling": name, "data-choice": choice, class: changed(name) ? "changed" : null},
        h("strong", {}, ruling?.title ?? name), ": ", words(ruling?.choices?.[choice], choice),
        changed(name) ? h("span", {class: "chosen-here"}, " — ", _("chosen for this match")) : h("span", {class: "usual"}, " ", _("(usual)")));
    })));
}
