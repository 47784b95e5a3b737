"""Discord's documented limits on what a bot sends, as a checker: each function takes a JSON
payload as discord.py sends it and returns the list of violations (empty when Discord would
accept it), each a sentence naming the field, e.g. ``"components[0][0].label: 81 characters
(at most 80)"``.

The test suite runs every HTTP request the bot makes under simcord through ``check_request``
(tests/conftest.py), because the offline Discord accepts payloads the real one refuses; the
bot checks its command tree with ``check_commands`` before it syncs (bot/sync.py).

Sources, all in Discord's developer documentation (discord.com/developers/docs):
- "Application Commands": Application Command Naming (the name pattern, 1-32 characters,
  lowercase), Application Command Object (description 1-100, at most 25 options), Application
  Command Option Structure (name 1-32, description 1-100, at most 25 choices, min/max_length
  0-6000 / 1-6000), Application Command Option Choice Structure (name 1-100, a string value
  at most 100), Registering a Command (at most 100 global CHAT_INPUT commands; the combined
  characters of name, description and value of a command, its options and choices at most 4,000).
- "Message Resource", Create Message (content at most 2,000 characters, at most 10 embeds, at
  most 10 files), Allowed Mentions Object (``parse`` of roles/users/everyone, at most 100 users
  and 100 roles, ``users`` in ``parse`` and a ``users`` list are mutually exclusive), Message
  Flags (only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2 may
  be set on a new channel message; EPHEMERAL only on interaction responses and followups).
- "Embed Limits": title 256, description 4,096, 25 fields, field name 256 and value 1,024,
  footer text 2,048, author name 256; all of them together at most 6,000 in one message.
- "Component Reference": at most 5 action rows; an action row holds up to 5 buttons or one
  select; Button label at most 80, ``custom_id`` 1-100 (unique in a message); String Select
  1-25 options, placeholder at most 150, ``min_values`` 0-25, ``max_values`` 1-25; Select
  Option label and value 1-100, description at most 100; Text Input label 45, placeholder 100,
  value at most 4,000.
- "Component Reference", Components V2 (the IS_COMPONENTS_V2 message flag): at most 40
  components in a message, nested ones counted; the Text Displays' content at most 4,000
  characters in all; a Container holds Action Rows, Text Displays, Sections, Media Galleries,
  Separators and Files; a Section 1-3 Text Displays and a Button or Thumbnail accessory; a Media
  Gallery 1-10 items, each ``description`` (alt text) at most 1,024; Thumbnail description at
  most 1,024. "Message Resource", Message Flags and Create Message: with IS_COMPONENTS_V2 a
  message has no ``content`` and no ``embeds``, files are shown only through components (an
  attachment no component references is refused), and the flag cannot be removed once set
  (Edit Message). "Interactions", Responding to an Interaction: a V2 message answers an
  interaction by editing the original response after a deferral (Edit Original Interaction
  Response); Railhead sends V2 nowhere else through an interaction.
- "Interactions", Modal (title 1-45, ``custom_id`` 1-100, 1-5 components); "Component
  Reference", Label (label 1-45, description at most 100) and Text Input; Autocomplete (at
  most 25 choices).
- "Reference", Uploading Files (the upload limit for a bot is 10 MiB a file; file names in
  ``attachment://`` references are ASCII letters, digits, underscores, dashes and dots).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

# Application commands
NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
COMMAND_TOTAL_MAX = 4000
GLOBAL_COMMANDS_MAX = 100
STRING_LENGTH_MAX = 6000
# Messages and embeds
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
AUTHOR_NAME_MAX = 256
MENTIONS_MAX = 100
# Components
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
OPTION_TEXT_MAX = 100
PLACEHOLDER_MAX = 150
MODAL_TITLE_MAX = 45
MODAL_ROWS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_INPUT_VALUE_MAX = 4000
MODAL_LABEL_MAX = 45
MODAL_DESCRIPTION_MAX = 100
# Components V2
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
GALLERY_ITEMS_MAX = 10
ALT_TEXT_MAX = 1024
SECTION_TEXTS_MAX = 3
# Files
FILES_MAX = 10
UPLOAD_MAX = 10 * 1024 * 1024
FILENAME = re.compile(r"^[A-Za-z0-9_.\-]{1,100}$")

EPHEMERAL = 1 << 6
IS_COMPONENTS_V2 = 1 << 15
CHANNEL_MESSAGE_FLAGS = (1 << 2) | (1 << 12) | (1 << 13) | (1 << 15)
INTERACTION_MESSAGE_FLAGS = CHANNEL_MESSAGE_FLAGS | EPHEMERAL
CHAT_INPUT, SUB_COMMAND, SUB_COMMAND_GROUP, STRING = 1, 1, 2, 3
ACTION_ROW, BUTTON, TEXT_INPUT, LINK_STYLE, PREMIUM_STYLE = 1, 2, 4, 5, 6
SELECTS = {3, 5, 6, 7, 8}
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER, LABEL = 9, 10, 11, 12, 13, 14, 17, 18
V2_TOP = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
V2_IN_CONTAINER = {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR}
V2_ONLY = {SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}


def _length(errors: list[str], where: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, str):
        errors.append(f"{where}: missing or not text")
    elif not low <= len(value) <= high:
        errors.append(f"{where}: {len(value)} characters (allowed {low}-{high})")


def valid_name(name: Any) -> bool:
    """Discord's command and option name pattern: 1-32 letters, digits, ``-``, ``_``, ``'`` (or
    Devanagari/Thai), lowercase where a letter has a lowercase form."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        return False
    for ch in name:
        category = unicodedata.category(ch)
        script = unicodedata.name(ch, "")
        if not (ch in "-_'" or category[0] in "LN" or script.startswith(("DEVANAGARI", "THAI"))):
            return False
        if ch.lower() != ch:
            return False
    return True


# ---------------------------------------------------------------- application commands
def _option_total(option: dict) -> int:
    total = len(option.get("name", "")) + len(option.get("description", ""))
    for choice in option.get("choices") or []:
        total += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    return total + sum(_option_total(o) for o in option.get("options") or [])


def command_characters(command: dict) -> int:
    """The characters Discord counts towards a command's 4,000: names, descriptions and choice
    names and values of the command and everything under it."""
    return _option_total(command)


def _check_option(errors: list[str], where: str, option: dict) -> None:
    if not valid_name(option.get("name")):
        errors.append(f"{where}.name: {option.get('name')!r} does not match Discord's name pattern (1-32 lowercase "
                      "letters, digits, - _ ')")
    _length(errors, f"{where}.description", option.get("description"), 1, DESCRIPTION_MAX)
    choices = option.get("choices") or []
    if len(choices) > CHOICES_MAX:
        errors.append(f"{where}.choices: {len(choices)} choices (at most {CHOICES_MAX})")
    if choices and option.get("autocomplete"):
        errors.append(f"{where}: choices and autocomplete together")
    for i, choice in enumerate(choices):
        _length(errors, f"{where}.choices[{i}].name", choice.get("name"), 1, CHOICE_NAME_MAX)
        if isinstance(choice.get("value"), str):
            _length(errors, f"{where}.choices[{i}].value", choice["value"], 1, CHOICE_VALUE_MAX)
    for key, low in (("min_length", 0), ("max_length", 1)):
        if key in option and not low <= option[key] <= STRING_LENGTH_MAX:
            errors.append(f"{where}.{key}: {option[key]} (allowed {low}-{STRING_LENGTH_MAX})")
    _check_options(errors, where, option.get("options") or [], option.get("type"))


def _check_options(errors: list[str], where: str, options: list[dict], kind: int | None) -> None:
    if len(options) > OPTIONS_MAX:
        errors.append(f"{where}.options: {len(options)} options (at most {OPTIONS_MAX})")
    names = [o.get("name") for o in options]
    for name in {n for n in names if names.count(n) > 1}:
        errors.append(f"{where}.options: the name {name!r} twice")
    seen_optional = False
    for o in options:
        if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            continue
        if o.get("required"):
            if seen_optional:
                errors.append(f"{where}.options: required option {o.get('name')!r} after an optional one")
        else:
            seen_optional = True
    for o in options:
        _check_option(errors, f"{where} {o.get('name')}", o)


def check_command(command: dict) -> list[str]:
    """Violations of one application command payload (``Command.to_dict``)."""
    errors: list[str] = []
    where = f"/{command.get('name')}"
    kind = command.get("type", CHAT_INPUT)
    if kind == CHAT_INPUT:
        if not valid_name(command.get("name")):
            errors.append(f"{where}.name: does not match Discord's name pattern (1-32 lowercase letters, digits, "
                          "- _ ')")
        _length(errors, f"{where}.description", command.get("description"), 1, DESCRIPTION_MAX)
    else:
        _length(errors, f"{where}.name", command.get("name"), 1, NAME_MAX)
    _check_options(errors, where, command.get("options") or [], kind)
    total = command_characters(command)
    if total > COMMAND_TOTAL_MAX:
        errors.append(f"{where}: {total} characters in names, descriptions and choices (at most "
                      f"{COMMAND_TOTAL_MAX})")
    return errors


def check_commands(commands: Iterable[dict], *, global_: bool = True) -> list[str]:
    """Violations of a whole command tree as it is synced (a bulk overwrite)."""
    commands = list(commands)
    errors = [e for c in commands for e in check_command(c)]
    names = [(c.get("type", CHAT_INPUT), c.get("name")) for c in commands]
    for kind, name in {n for n in names if names.count(n) > 1}:
        errors.append(f"/{name}: two commands of type {kind} with this name")
    chat = sum(1 for kind, _ in names if kind == CHAT_INPUT)
    if global_ and chat > GLOBAL_COMMANDS_MAX:
        errors.append(f"{chat} global slash commands (at most {GLOBAL_COMMANDS_MAX})")
    return errors


# ---------------------------------------------------------------- components
def _check_button(errors: list[str], where: str, button: dict, ids: list[str]) -> None:
    if "label" in button and button["label"] is not None:
        _length(errors, f"{where}.label", button["label"], 0, BUTTON_LABEL_MAX)
    elif not button.get("emoji"):
        errors.append(f"{where}: a button needs a label or an emoji")
    if button.get("style") == LINK_STYLE:
        if not button.get("url") or "custom_id" in button:
            errors.append(f"{where}: a link button has a url and no custom_id")
    elif button.get("style") != PREMIUM_STYLE:
        _length(errors, f"{where}.custom_id", button.get("custom_id"), 1, CUSTOM_ID_MAX)
        ids.append(button.get("custom_id"))


def _check_select(errors: list[str], where: str, select: dict, ids: list[str]) -> None:
    _length(errors, f"{where}.custom_id", select.get("custom_id"), 1, CUSTOM_ID_MAX)
    ids.append(select.get("custom_id"))
    if select.get("placeholder") is not None:
        _length(errors, f"{where}.placeholder", select["placeholder"], 0, PLACEHOLDER_MAX)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= SELECT_OPTIONS_MAX or not 1 <= high <= SELECT_OPTIONS_MAX or low > high:
        errors.append(f"{where}: min_values {low}, max_values {high} (0-25 and 1-25, min at most max)")
    if select.get("type") != 3:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        errors.append(f"{where}.options: {len(options)} options (allowed 1-{SELECT_OPTIONS_MAX})")
    if high > len(options):
        errors.append(f"{where}: max_values {high} with {len(options)} options")
    values = [o.get("value") for o in options]
    for value in {v for v in values if values.count(v) > 1}:
        errors.append(f"{where}.options: the value {value!r} twice")
    for i, o in enumerate(options):
        _length(errors, f"{where}.options[{i}].label", o.get("label"), 1, OPTION_TEXT_MAX)
        _length(errors, f"{where}.options[{i}].value", o.get("value"), 1, OPTION_TEXT_MAX)
        if o.get("description") is not None:
            _length(errors, f"{where}.options[{i}].description", o["description"], 0, OPTION_TEXT_MAX)


def check_components(rows: list[dict], where: str = "components") -> list[str]:
    """Violations of a message's legacy components (action rows of buttons or one select)."""
    errors: list[str] = []
    if len(rows) > ACTION_ROWS_MAX:
        errors.append(f"{where}: {len(rows)} action rows (at most {ACTION_ROWS_MAX})")
    ids: list[str] = []
    for r, row in enumerate(rows):
        here = f"{where}[{r}]"
        if row.get("type") != ACTION_ROW:
            errors.append(f"{here}: not an action row")
            continue
        _check_row(errors, here, row, ids)
    for custom_id in {i for i in ids if ids.count(i) > 1}:
        errors.append(f"{where}: the custom_id {custom_id!r} twice")
    return errors


def walk(components: list[dict]) -> Iterable[dict]:
    """Every component of a tree, nested ones too (``components`` lists, a Section's
    ``accessory``, a Label's ``component``), in wire order."""
    for c in components or []:
        if not isinstance(c, dict):
            continue
        yield c
        yield from walk(c.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(c.get(key), dict):
                yield from walk([c[key]])


def referenced_files(components: list[dict]) -> set[str]:
    """The file names that a V2 tree shows (``attachment://NAME`` in media and files)."""
    urls = []
    for c in walk(components):
        urls += [((item.get("media") or {}).get("url")) for item in c.get("items") or []]
        urls += [(c.get("media") or {}).get("url"), (c.get("file") or {}).get("url")]
    return {u.removeprefix("attachment://") for u in urls if isinstance(u, str) and u.startswith("attachment://")}


def check_v2_components(components: list[dict], where: str = "components") -> list[str]:
    """Violations of a Components V2 message's tree (flag IS_COMPONENTS_V2): at most 40
    components counting nested ones, at most 4,000 characters of Text Display in all, what may
    sit where (top level, in a Container, in a Section), Media Gallery 1-10 items with alt text
    at most 1,024, and the legacy rules inside each Action Row."""
    errors: list[str] = []
    everything = list(walk(components))
    if len(everything) > V2_COMPONENTS_MAX:
        errors.append(f"{where}: {len(everything)} components counting nested ones (at most {V2_COMPONENTS_MAX})")
    text = sum(len(c.get("content") or "") for c in everything if c.get("type") == TEXT_DISPLAY)
    if text > V2_TEXT_MAX:
        errors.append(f"{where}: {text} characters of text displays in all (at most {V2_TEXT_MAX})")
    if not components:
        errors.append(f"{where}: a V2 message needs at least one component")
    ids: list[str] = []

    def check(c: dict, here: str, allowed: set[int]) -> None:
        kind = c.get("type")
        if kind not in allowed:
            errors.append(f"{here}: type {kind} cannot sit here")
            return
        if kind == ACTION_ROW:
            _check_row(errors, here, c, ids)
        elif kind == TEXT_DISPLAY:
            _length(errors, f"{here}.content", c.get("content"), 1, V2_TEXT_MAX)
        elif kind == MEDIA_GALLERY:
            items = c.get("items") or []
            if not 1 <= len(items) <= GALLERY_ITEMS_MAX:
                errors.append(f"{here}.items: {len(items)} items (allowed 1-{GALLERY_ITEMS_MAX})")
            for i, item in enumerate(items):
                if not isinstance((item.get("media") or {}).get("url"), str):
                    errors.append(f"{here}.items[{i}].media: no url")
                if item.get("description") is not None:
                    _length(errors, f"{here}.items[{i}].description", item["description"], 0, ALT_TEXT_MAX)
        elif kind == THUMBNAIL:
            if c.get("description") is not None:
                _length(errors, f"{here}.description", c["description"], 0, ALT_TEXT_MAX)
        elif kind == SECTION:
            texts = c.get("components") or []
            if not 1 <= len(texts) <= SECTION_TEXTS_MAX:
                errors.append(f"{here}.components: {len(texts)} text displays (allowed 1-{SECTION_TEXTS_MAX})")
            for i, t in enumerate(texts):
                check(t, f"{here}[{i}]", {TEXT_DISPLAY})
            accessory = c.get("accessory")
            if not isinstance(accessory, dict):
                errors.append(f"{here}: a section needs a button or thumbnail accessory")
            elif accessory.get("type") == BUTTON:
                _check_button(errors, f"{here}.accessory", accessory, ids)
            else:
                check(accessory, f"{here}.accessory", {THUMBNAIL})
        elif kind == CONTAINER:
            accent = c.get("accent_color")
            if accent is not None and not (isinstance(accent, int) and 0 <= accent <= 0xFFFFFF):
                errors.append(f"{here}.accent_color: {accent!r} (an RGB integer)")
            for i, child in enumerate(c.get("components") or []):
                check(child, f"{here}[{i}]", V2_IN_CONTAINER)

    for i, c in enumerate(components or []):
        check(c, f"{where}[{i}]", V2_TOP)
    for custom_id in {i for i in ids if ids.count(i) > 1}:
        errors.append(f"{where}: the custom_id {custom_id!r} twice")
    return errors


def _check_row(errors: list[str], here: str, row: dict, ids: list[str]) -> None:
    """The rules of one action row: 1-5 buttons or one select, and each of them."""
    items = row.get("components") or []
    kinds = [c.get("type") for c in items]
    if not items:
        errors.append(f"{here}: an empty action row")
    elif any(k in SELECTS for k in kinds) and len(items) != 1:
        errors.append(f"{here}: a select shares its row with {len(items) - 1} other component(s)")
    elif len(items) > BUTTONS_PER_ROW:
        errors.append(f"{here}: {len(items)} buttons (at most {BUTTONS_PER_ROW})")
    for c, item in enumerate(items):
        if item.get("type") == BUTTON:
            _check_button(errors, f"{here}[{c}]", item, ids)
        elif item.get("type") in SELECTS:
            _check_select(errors, f"{here}[{c}]", item, ids)
        else:
            errors.append(f"{here}[{c}]: type {item.get('type')} cannot sit in a message's action row")


def check_modal(modal: dict) -> list[str]:
    """Violations of a modal (interaction response type 9)."""
    errors: list[str] = []
    _length(errors, "modal.title", modal.get("title"), 1, MODAL_TITLE_MAX)
    _length(errors, "modal.custom_id", modal.get("custom_id"), 1, CUSTOM_ID_MAX)
    rows = modal.get("components") or []
    if not 1 <= len(rows) <= MODAL_ROWS_MAX:
        errors.append(f"modal.components: {len(rows)} rows (allowed 1-{MODAL_ROWS_MAX})")
    for r, row in enumerate(rows):
        if row.get("type") == LABEL:
            _length(errors, f"modal.components[{r}].label", row.get("label"), 1, MODAL_LABEL_MAX)
            if row.get("description") is not None:
                _length(errors, f"modal.components[{r}].description", row["description"], 0, MODAL_DESCRIPTION_MAX)
        if row.get("type") == TEXT_DISPLAY:
            _length(errors, f"modal.components[{r}].content", row.get("content"), 1, V2_TEXT_MAX)
        inner = [row["component"]] if isinstance(row.get("component"), dict) else row.get("components") or []
        for c, item in enumerate(inner):
            here = f"modal.components[{r}][{c}]"
            if item.get("type") in SELECTS:
                _check_select(errors, here, item, [])
            if item.get("type") != TEXT_INPUT:
                continue
            if not (row.get("type") == LABEL and item.get("label") is None):   # in a Label: the Label's words
                _length(errors, f"{here}.label", item.get("label"), 1, TEXT_INPUT_LABEL_MAX)
            _length(errors, f"{here}.custom_id", item.get("custom_id"), 1, CUSTOM_ID_MAX)
            if item.get("placeholder") is not None:
                _length(errors, f"{here}.placeholder", item["placeholder"], 0, TEXT_INPUT_PLACEHOLDER_MAX)
            if item.get("value") is not None:
                _length(errors, f"{here}.value", item["value"], 0, TEXT_INPUT_VALUE_MAX)
    return errors


# ---------------------------------------------------------------- messages
def _check_embeds(errors: list[str], embeds: list[dict]) -> None:
    if len(embeds) > EMBEDS_MAX:
        errors.append(f"embeds: {len(embeds)} embeds (at most {EMBEDS_MAX})")
    total = 0
    for i, e in enumerate(embeds):
        parts = [("title", e.get("title"), EMBED_TITLE_MAX),
                 ("description", e.get("description"), EMBED_DESCRIPTION_MAX),
                 ("footer.text", (e.get("footer") or {}).get("text"), FOOTER_MAX),
                 ("author.name", (e.get("author") or {}).get("name"), AUTHOR_NAME_MAX)]
        fields = e.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            errors.append(f"embeds[{i}].fields: {len(fields)} fields (at most {EMBED_FIELDS_MAX})")
        for f, field in enumerate(fields):
            parts += [(f"fields[{f}].name", field.get("name"), FIELD_NAME_MAX),
                      (f"fields[{f}].value", field.get("value"), FIELD_VALUE_MAX)]
        for name, text, limit in parts:
            if text is None:
                continue
            total += len(text)
            if len(text) > limit:
                errors.append(f"embeds[{i}].{name}: {len(text)} characters (at most {limit})")
    if total > EMBED_TOTAL_MAX:
        errors.append(f"embeds: {total} characters in all (at most {EMBED_TOTAL_MAX})")


def _check_mentions(errors: list[str], mentions: dict) -> None:
    parse = mentions.get("parse") or []
    if not set(parse) <= {"roles", "users", "everyone"}:
        errors.append(f"allowed_mentions.parse: {parse!r}")
    for key in ("users", "roles"):
        listed = mentions.get(key) or []
        if len(listed) > MENTIONS_MAX:
            errors.append(f"allowed_mentions.{key}: {len(listed)} (at most {MENTIONS_MAX})")
        if listed and key in parse:
            errors.append(f"allowed_mentions: {key!r} both in parse and listed")


def file_size(file: Any) -> int:
    """The size in bytes of a discord.py ``File`` about to be uploaded (its position is kept)."""
    fp = file.fp
    here = fp.tell()
    fp.seek(0, 2)
    size = fp.tell()
    fp.seek(here)
    return size - here


def _check_v2_message(errors: list[str], payload: dict, files: list[Any], was_v2: bool) -> None:
    """The rules of a Components V2 message: no content or embeds, the flag kept on an edit, the
    tree (``check_v2_components``), and every file shown through a component."""
    v2 = bool((payload.get("flags") or 0) & IS_COMPONENTS_V2)
    if was_v2 and "flags" in payload and not v2:
        errors.append("flags: IS_COMPONENTS_V2 cannot be removed from a message that has it")
    if payload.get("content"):
        errors.append("content: a Components V2 message has no content (text goes in Text Displays)")
    if payload.get("embeds"):
        errors.append("embeds: a Components V2 message has no embeds")
    if "components" not in payload:
        return
    components = payload.get("components") or []
    errors += check_v2_components(components)
    names = [a.get("filename") for a in payload["attachments"]] if "attachments" in payload \
        else [f.filename for f in files]
    shown = referenced_files(components)
    for name in names:
        if name not in shown:
            errors.append(f"files: {name} is attached but no component shows it (a V2 message shows files only "
                          "through components)")


def check_message(payload: dict | None, files: list[Any] = (), *, interaction: bool = False,
                  edit: bool = False, was_v2: bool = False, v2_allowed: bool = True) -> list[str]:
    """Violations of a message body (create or edit; a channel message, an interaction response's
    ``data``, a followup). ``files`` are discord.py ``File`` objects; ``interaction``: sent
    through an interaction token (EPHEMERAL allowed); ``edit``: an edit (may leave parts out);
    ``was_v2``: an edit of a message sent with IS_COMPONENTS_V2; ``v2_allowed``: whether this
    request may carry a V2 message at all (through an interaction only the edit of the deferred
    original response may)."""
    payload = payload or {}
    errors: list[str] = []
    content = payload.get("content")
    if content is not None and len(content) > CONTENT_MAX:
        errors.append(f"content: {len(content)} characters (at most {CONTENT_MAX})")
    _check_embeds(errors, payload.get("embeds") or [])
    flags = payload.get("flags") or 0
    v2 = bool(flags & IS_COMPONENTS_V2)
    if v2 and not v2_allowed:
        errors.append("flags: a Components V2 message answers an interaction only by editing the deferred "
                      "original response")
    if v2 or was_v2:
        _check_v2_message(errors, payload, list(files or []), was_v2)
    else:
        errors += check_components(payload.get("components") or [])
        if any(c.get("type") in V2_ONLY for c in walk(payload.get("components") or [])):
            errors.append("components: V2 components without the IS_COMPONENTS_V2 flag")
    if payload.get("allowed_mentions"):
        _check_mentions(errors, payload["allowed_mentions"])
    allowed = INTERACTION_MESSAGE_FLAGS if interaction else CHANNEL_MESSAGE_FLAGS
    if flags & ~allowed:
        what = "EPHEMERAL on a channel message" if flags & EPHEMERAL and not interaction else f"flags {flags}"
        errors.append(f"flags: {what} (allowed: {allowed})")
    files = list(files or [])
    if len(files) > FILES_MAX:
        errors.append(f"files: {len(files)} (at most {FILES_MAX})")
    for f in files:
        if not FILENAME.match(f.filename or ""):
            errors.append(f"files: the name {f.filename!r} (ASCII letters, digits, _ - . only)")
        size = file_size(f)
        if size > UPLOAD_MAX:
            errors.append(f"files: {f.filename} is {size:,} bytes (at most {UPLOAD_MAX:,})")
    empty = not (content or payload.get("embeds") or payload.get("components") or files
                 or payload.get("sticker_ids") or payload.get("poll") or payload.get("attachments"))
    if empty and not edit:
        errors.append("an empty message (no content, embed, component, file or sticker)")
    return errors


def _check_autocomplete(data: dict) -> list[str]:
    errors: list[str] = []
    choices = data.get("choices") or []
    if len(choices) > CHOICES_MAX:
        errors.append(f"autocomplete: {len(choices)} choices (at most {CHOICES_MAX})")
    for i, c in enumerate(choices):
        _length(errors, f"autocomplete[{i}].name", c.get("name"), 1, CHOICE_NAME_MAX)
        if isinstance(c.get("value"), str):
            _length(errors, f"autocomplete[{i}].value", c["value"], 1, CHOICE_VALUE_MAX)
    return errors


_COMMANDS = re.compile(r"^/applications/\d+(/guilds/\d+)?/commands(/\d+)?$")
_CHANNEL_MESSAGE = re.compile(r"^/channels/\d+/messages(/\d+)?$")     # group 1: "/<message id>" of an edit
_CALLBACK = re.compile(r"^/interactions/\d+/[^/]+/callback$")
_WEBHOOK = re.compile(r"^/webhooks/\d+/[^/]+(/messages/(@original|\d+))?$")


def check_request(method: str, path: str, json: Any, files: list[Any] = (),
                  v2_messages: set[int] | frozenset[int] = frozenset()) -> list[str]:
    """Violations of one REST request to Discord (``path`` without the ``/api/v10`` prefix):
    command syncs, channel messages and their edits, interaction responses, followups and their
    edits. Requests of other kinds are not checked (they carry nothing of ours).
    ``v2_messages``: the ids of the channel messages sent with IS_COMPONENTS_V2 so far (the
    caller keeps them, ``sent_v2``), so an edit that would remove the flag is caught."""
    if method in ("PUT", "POST", "PATCH") and _COMMANDS.match(path):
        commands = json if isinstance(json, list) else [json or {}]
        return check_commands(commands, global_="/guilds/" not in path)
    if method in ("POST", "PATCH") and (found := _CHANNEL_MESSAGE.match(path)):
        was_v2 = method == "PATCH" and found[1] is not None and int(found[1][1:]) in v2_messages
        return check_message(json, files, edit=method == "PATCH", was_v2=was_v2)
    if method == "POST" and _CALLBACK.match(path):
        kind, data = (json or {}).get("type"), (json or {}).get("data") or {}
        if kind in (4, 7):
            return check_message(data, files, interaction=True, edit=kind == 7, v2_allowed=False)
        if kind == 8:
            return _check_autocomplete(data)
        if kind == 9:
            return check_modal(data)
        return check_message(data, files, interaction=True, edit=True, v2_allowed=False) if data else []
    if method in ("POST", "PATCH") and (found := _WEBHOOK.match(path)):
        original = method == "PATCH" and found[1] == "/messages/@original"
        return check_message(json, files, interaction=True, edit=method == "PATCH", v2_allowed=original)
    return []


def sent_v2(method: str, path: str, json: Any, response: Any) -> int | None:
    """The id of the channel message a request created with IS_COMPONENTS_V2 (its ``response``
    is Discord's answer, the message), else ``None``: what ``check_request``'s ``v2_messages``
    collects."""
    if method == "POST" and _CHANNEL_MESSAGE.match(path) and ((json or {}).get("flags") or 0) & IS_COMPONENTS_V2 \
            and isinstance(response, dict) and response.get("id") is not None:
        return int(response["id"])
    return None
