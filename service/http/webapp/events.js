// One event of the log as a line: version, who, what, the rule it cites.
import {h} from "./dom.js";
import {describeValue, humanize, seatName} from "./labels.js";

export function eventItem(info, match, e, isNew = false) {
  return h("li", {value: e.version, class: isNew ? "new" : null, "data-version": e.version},
    h("span", {class: "v"}, `v${e.version}`), " ",
    Number.isInteger(e.seat) ? `${seatName(match, e.seat)}: ` : "",
    h("strong", {}, humanize(e.type)), " ", h("span", {class: "data"}, describeValue(info, e.data)),
    e.rule ? h("small", {class: "rule"}, ` [${e.rule}]`) : null, isNew ? h("span", {class: "badge"}, "new") : null);
}
