"""marshmallow's validators, speaking the request's language (issue 39): the schemas take ``Length``,
``Range`` and ``OneOf`` from here, never from marshmallow.validate (tests/test_languages.py checks).

marshmallow words a refusal that names values ("Length must be between 1 and 64.") with str.format
when the validator is called; these subclasses word it with a ``kifu`` catalog message instead, its
values as named ``%(min)s`` placeholders, so the same refusal reads in Japanese for a request in
Japanese. The English is marshmallow's, word for word. A schema's own ``error=`` still works: one
written the project's way (marked with ``N_``, ``%(input)r``-style placeholders) is translated too;
one written marshmallow's way (``{input}``) is formatted as marshmallow formats it. The values
themselves (a length, a bound, an API value of a choice list) are never translated."""
from marshmallow import validate

from service.i18n import N_, _

__all__ = ["Length", "OneOf", "Range"]


def _say(message: str, **params) -> str:
    """``message`` in the current language with its values: %-style (a catalog message) or, for an
    error written marshmallow's way, str.format."""
    text = _(message)
    return text % params if "%(" in message else text.format(**params)


class Length(validate.Length):
    message_min = N_("Shorter than minimum length %(min)s.")
    message_max = N_("Longer than maximum length %(max)s.")
    message_all = N_("Length must be between %(min)s and %(max)s.")
    message_equal = N_("Length must be %(equal)s.")

    def _format_error(self, value, message: str) -> str:
        return _say(self.error or message, input=value, min=self.min, max=self.max, equal=self.equal)


# Range's sentence by the bounds' inclusivity (marshmallow glues "greater than" etc. into one; a
# translation needs each whole)
RANGE_MIN = {True: N_("Must be greater than or equal to %(min)s."), False: N_("Must be greater than %(min)s.")}
RANGE_MAX = {True: N_("Must be less than or equal to %(max)s."), False: N_("Must be less than %(max)s.")}
RANGE_ALL = {(True, True): N_("Must be greater than or equal to %(min)s and less than or equal to %(max)s."),
             (True, False): N_("Must be greater than or equal to %(min)s and less than %(max)s."),
             (False, True): N_("Must be greater than %(min)s and less than or equal to %(max)s."),
             (False, False): N_("Must be greater than %(min)s and less than %(max)s.")}


class Range(validate.Range):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.message_min = RANGE_MIN[bool(self.min_inclusive)]
        self.message_max = RANGE_MAX[bool(self.max_inclusive)]
        self.message_all = RANGE_ALL[(bool(self.min_inclusive), bool(self.max_inclusive))]

    def _format_error(self, value, message: str) -> str:
        return _say(self.error or message, input=value, min=self.min, max=self.max)


class OneOf(validate.OneOf):
    """The choices are API values: named as they are, in either language."""
    default_message = N_("Must be one of: %(choices)s.")

    def _format_error(self, value) -> str:
        return _say(self.error, input=value, choices=self.choices_text, labels=self.labels_text)
