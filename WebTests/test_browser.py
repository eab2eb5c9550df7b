"""End-to-end tests of Sightline's web app in a real browser: Debian's Chromium, headless, driven
by chromedriver through Selenium, against a real `sightline serve` on loopback
(sightline_server.py), at phone (360×780) and at desktop (1280×900) size.

They cover every app's main path, WasteGuard's consent gate, the history round trip, the error
banner for a corrupt upload, the language switch, and the live view fed by Chromium's fake camera
from a video made of real photos. What the pages must show comes from what the photos show and
from the same server's JSON API for the same photo, so the tests hold whichever app models are
installed and check the real outcome in each case. Screenshots of every page at both sizes are
written to $SIGHTLINE_SCREENSHOTS (default .build/web-screenshots/), one folder per size.

    .venv/bin/python -m unittest discover -s WebTests
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import unittest

from selenium.webdriver.support.ui import Select

from api_client import Api
from browser import SIZES, Browser
from fake_camera import write_y4m
from sightline_server import REPOSITORY, SightlineServer

SAMPLES = REPOSITORY / "Samples"
FIXTURES = pathlib.Path(__file__).resolve().parent / "Fixtures"
TWO_FACES = REPOSITORY / "Tests" / "SightlineAppsTests" / "Fixtures" / "two-faces.jpg"
WEB_APP = REPOSITORY / "Sources" / "SightlineServer" / "Resources" / "web"
TEXTS = {code: json.loads((WEB_APP / "assets" / "i18n" / f"{code}.json").read_text("utf-8")) for code in ("en", "de", "uk")}
SCREENSHOTS = pathlib.Path(os.environ.get("SIGHTLINE_SCREENSHOTS") or REPOSITORY / ".build" / "web-screenshots")

CONSENT_DOCUMENTS = ("privacy", "disclaimer", "terms")
CAT_MODELS = {"cat-detector", "cat-breeds"}
# The photos of the fake camera's video and the ImageNet label each one shows.
CAMERA_PHOTOS = (
    (SAMPLES / "cabbage.jpg", "cabbage"),
    (SAMPLES / "green-bell-pepper.jpg", "bell pepper"),
    (FIXTURES / "siamese-cat.jpg", "Siamese cat"),
)


def text(key, language="en", **values):
    """An interface text of the web app with its {placeholders} filled."""
    return re.sub(r"\{(\w+)\}", lambda match: str(values.get(match.group(1), match.group(0))), TEXTS[language][key])


# The codes the web app always says in its own words (api.js OWN_WORDS).
OWN_WORDS = ("busy", "too_large", "unreadable_image", "model_not_installed", "storage_unavailable", "timeout", "unsupported_media_type")


def user_message(error, language="en"):
    """What the web app's error banner says for an API error (api.js userMessage): its own words
    for the codes it always words itself and, in German and Ukrainian, for every code it knows
    (a general sentence for the rest); otherwise the API's message without sentences that name a
    command."""
    if error["code"] in OWN_WORDS or language != "en":
        return TEXTS[language].get(f"error.code.{error['code']}", TEXTS[language]["error.unknown"])
    kept = [sentence for sentence in re.split(r"(?<=[.!?])\s+", error["message"]) if "`" not in sentence]
    return " ".join(kept) or TEXTS[language]["error.unknown"]


def plain(markdown):
    """The words of a Markdown app text (bold and list markers removed), as one spaced line."""
    return " ".join(re.sub(r"^\s*[-*] ", "", markdown.replace("**", ""), flags=re.MULTILINE).split())


def words(element):
    return " ".join(element.text.split())


def consent_granted(consent):
    return all(consent[name]["state"] == "accepted" for name in CONSENT_DOCUMENTS)


def setUpModule():
    for size in SIZES:
        for old in (SCREENSHOTS / size).glob("*.png"):
            old.unlink()


class BrowserTestCase(unittest.TestCase):
    """A fresh `sightline serve` (its own data directory) and a Chromium for each test class."""

    size = None  # "phone" or "desktop": set by the concrete classes at the end of this file
    camera_photos = ()  # photos for a fake camera; without them the browser has no camera

    @classmethod
    def setUpClass(cls):
        server = cls.enterClassContext(SightlineServer())
        cls.server = server
        cls.api = Api(server.url)
        fake_camera = None
        if cls.camera_photos:
            fake_camera = pathlib.Path(cls.enterClassContext(tempfile.TemporaryDirectory())) / "camera.y4m"
            write_y4m(fake_camera, [photo for photo, _ in cls.camera_photos])
        cls.browser = Browser(server.url, cls.size, SCREENSHOTS, fake_camera=fake_camera)
        cls.addClassCleanup(cls.browser.quit)

    def setUp(self):
        self.browser.reset_storage()

    def grant_consent(self):
        self.assertTrue(self.api.send("POST", "waste/consent", {"documents": list(CONSENT_DOCUMENTS)}).ok)

    def open_capture_sheet(self, photo):
        """Chooses a photo in the Object Recognizer and waits for the capture sheet's result."""
        browser = self.browser
        browser.choose_file(photo)
        browser.element("capture-sheet")
        browser.wait(lambda: browser.find("capture-accept").is_enabled(), "the capture sheet's result")


class HomeChecks:
    """The home page lists the four apps and the photo library; each opens from its tile and from
    its URL."""

    APPS = (
        ("app-recognizer", "/recognizer", "recognizer", "recognizer.name"),
        ("app-waste", "/waste", "waste", "waste.name"),
        ("app-cat", "/cat", "cat", "cat.name"),
        ("app-kitchen", "/kitchen", "kitchen", "kitchen.name"),
        ("app-library", "/library", "library", "library.name"),
    )

    def test_home_opens_each_app_and_each_app_opens_by_url(self):
        browser = self.browser
        browser.open("/", page="home")
        self.assertEqual(len(browser.elements("app-list")), 1)
        self.assertEqual(browser.text("page-title"), text("app.name"))
        for test, path, page, title in self.APPS:
            with self.subTest(app=page):
                browser.click(test)
                browser.wait_page(page)
                self.assertEqual(browser.path, path)
                self.assertEqual(browser.text("page-title"), text(title))
                browser.click("back-button")
                browser.wait_page("home")
                browser.open(path, page=page)
                self.assertEqual(browser.text("page-title"), text(title))
                # The logo links home too; on a phone it gives its place to the back button.
                browser.click("home-link" if self.size == "desktop" else "back-button")
                browser.wait_page("home")


class RecognizerChecks:
    """Object Recognizer: a chosen photo's label, category and top 5 as the API gives them;
    Accept saves, Cancel does not; the history shows, opens, groups and deletes the captures."""

    def test_choose_image_accept_history_round_trip_and_delete(self):
        browser, api = self.browser, self.api
        browser.open("/recognizer", page="recognizer")
        browser.element("camera-problem")  # this browser has no camera: the page says so
        self.assertFalse(browser.find("shutter").is_enabled())

        shown = {}
        for photo, label in ((SAMPLES / "cabbage.jpg", "cabbage"), (SAMPLES / "green-bell-pepper.jpg", "bell pepper")):
            expected = api.upload("recognize", photo.read_bytes(), top=5, faces="true").json
            self.open_capture_sheet(photo)
            caption = browser.text("capture-caption")
            self.assertRegex(caption, rf"^{re.escape(label)}, \d+\.\d%$")
            self.assertEqual(caption, expected["caption"])
            self.assertEqual(browser.text("capture-category"), expected["category_name"])
            top5 = [element.text for element in browser.driver.find_elements("css selector", '[data-test="capture-top5"] .top5__label')]
            self.assertEqual(top5, [entry["label"] for entry in expected["top5"]])
            if label == "cabbage":
                browser.screenshot("recognizer-capture-sheet", full_page=False)
            browser.click("capture-accept")
            browser.absent("capture-sheet")
            browser.wait(lambda: browser.find("history-thumbnail").get_attribute("alt") == text("recognizer.latestCapture", label=label),
                         f"the history button to show the {label} capture")
            shown[label] = (caption.split(", ")[1], expected["category_name"])

        self.open_capture_sheet(SAMPLES / "zucchini.jpg")
        browser.click("capture-cancel")
        browser.absent("capture-sheet")
        captures = api.get("recognizer/history").json["captures"]
        self.assertEqual([capture["label"] for capture in captures], ["bell pepper", "cabbage"])

        browser.click("history-button")
        browser.wait_page("recognizer-history")
        browser.settle()
        items = browser.elements("history-item")
        self.assertEqual(browser.texts("history-label"), ["bell pepper", "cabbage"])
        self.assertEqual([item.get_attribute("data-id") for item in items], [str(capture["id"]) for capture in captures])
        self.assertEqual(browser.texts("history-confidence"), [shown["bell pepper"][0], shown["cabbage"][0]])
        self.assertEqual(browser.texts("history-category"), [shown["bell pepper"][1], shown["cabbage"][1]])
        browser.screenshot("recognizer-history")

        cabbage = items[1]
        browser.click(browser.find("history-label", within=cabbage))
        dialog = browser.element("capture-dialog")
        self.assertEqual(dialog.find_element("css selector", "h2").text, f"cabbage, {shown['cabbage'][0]}")
        photo = browser.element("capture-photo")
        browser.wait(lambda: browser.script("return arguments[0].complete && arguments[0].naturalWidth > 0", photo),
                     "the saved photo to load")
        browser.screenshot("recognizer-history-capture", full_page=False)
        browser.click("dialog-close")
        browser.absent("capture-dialog")

        browser.toggle("history-group-toggle")
        browser.wait(lambda: len(browser.elements("history-group")) == 1, "one category group")
        self.assertIn(shown["cabbage"][1], browser.text("history-group"))
        browser.toggle("history-group-toggle")
        browser.wait(lambda: not browser.elements("history-group"), "the plain list again")

        browser.click(browser.find("history-delete", within=browser.elements("history-item")[1]))
        browser.wait(lambda: browser.texts("history-label") == ["bell pepper"], "the cabbage capture to be deleted")
        browser.wait(lambda: [capture["label"] for capture in api.get("recognizer/history").json["captures"]] == ["bell pepper"],
                     "the delete carried out after the undo time")
        browser.reload(page="recognizer-history")
        browser.settle()
        self.assertEqual(browser.texts("history-label"), ["bell pepper"])

        browser.click("history-delete-all")
        browser.element("confirm-dialog")
        browser.click("confirm-ok")
        browser.element("history-empty")
        browser.wait(lambda: api.get("recognizer/history").json["captures"] == [], "every capture deleted")

    def test_face_scan_of_a_photo_with_two_faces(self):
        browser = self.browser
        expected = self.api.upload("recognize", TWO_FACES.read_bytes(), top=5, faces="true").json
        self.assertEqual(expected["faces"], 2)
        saved = self.api.get("recognizer/history").json["captures"]
        browser.open("/recognizer", page="recognizer")
        self.open_capture_sheet(TWO_FACES)
        faces = browser.element("faces-text")
        self.assertEqual(faces.get_attribute("data-count"), "2")
        self.assertEqual(faces.text, expected["faces_text"])
        self.assertEqual(len(browser.elements("face-box")), 2)
        browser.screenshot("recognizer-face-scan", full_page=False)
        browser.click("capture-cancel")
        browser.absent("capture-sheet")
        self.assertEqual(self.api.get("recognizer/history").json["captures"], saved)


class WasteGuardChecks:
    """WasteGuard: the consent gate on first use (decline, then accept all three); the "?" help
    of each mode; a photo analysed in both modes shows the API's boxes, text and objects."""

    PHOTO = SAMPLES / "glass-bottle.jpg"

    def test_consent_gate_on_first_use(self):
        browser, api = self.browser, self.api
        consent = api.get("waste/consent").json
        self.assertFalse(consent_granted(consent))
        browser.open("/waste", page="waste")
        browser.element("consent-gate")
        for name in CONSENT_DOCUMENTS:
            section = browser.element(f"consent-{name}")
            self.assertIn(consent[name]["title"], section.text)
        self.assertFalse(browser.find("consent-accept").is_enabled())
        browser.screenshot("waste-consent-gate")

        browser.click("consent-decline")
        browser.wait_page("home")
        self.assertFalse(consent_granted(api.get("waste/consent").json))

        browser.open("/waste", page="waste")
        browser.element("consent-gate")
        for name in CONSENT_DOCUMENTS:
            self.assertFalse(browser.find("consent-accept").is_enabled())
            browser.toggle(f"consent-check-{name}")
        browser.wait(lambda: browser.find("consent-accept").is_enabled(), "Accept to be enabled once all three are ticked")
        browser.click("consent-accept")
        browser.element("waste-stage")
        self.assertEqual(browser.elements("consent-gate"), [])
        self.assertTrue(consent_granted(api.get("waste/consent").json))

        browser.reload(page="waste")
        browser.element("waste-stage")
        self.assertEqual(browser.elements("consent-gate"), [])

    def test_help_and_analysis_in_both_modes(self):
        browser, api = self.browser, self.api
        self.grant_consent()
        browser.open("/waste", page="waste")
        browser.element("waste-stage")
        self.assertTrue(browser.find("mode-check").is_selected())

        for mode in ("check", "classify"):
            with self.subTest(help=mode):
                entry = next(entry for entry in api.get("waste/help", mode=mode).json["modes"] if entry["mode"] == mode)
                browser.click(f"help-{mode}")
                dialog = browser.element("help-dialog")
                self.assertEqual(dialog.find_element("css selector", "h2").text, entry["title"])
                self.assertEqual(words(dialog.find_element("css selector", ".dialog__body")), plain(entry["body"]))
                browser.screenshot(f"waste-help-{mode}", full_page=False)
                browser.click("dialog-close")
                browser.absent("help-dialog")

        photo = self.PHOTO.read_bytes()
        for mode in ("check", "classify"):
            with self.subTest(analysis=mode):
                report = api.upload("waste", photo, mode=mode).json
                lines = [line.strip() for line in report["information"].split("\n") if line.strip()]
                self.assertTrue(lines)
                if mode == "check":
                    browser.choose_file(self.PHOTO)
                else:
                    browser.toggle("mode-classify")
                information = browser.element("waste-information")
                browser.wait(lambda: [p.text for p in information.find_elements("css selector", "p") if p.text] == lines,
                             f"the {mode} information text")
                objects = report["objects"]
                self.assertEqual(information.get_attribute("data-count"), str(len(objects)))
                boxes = browser.elements("waste-box")
                self.assertEqual(sorted(box.get_attribute("data-label") for box in boxes), sorted(o["label"] for o in objects))
                self.assertEqual(sorted(box.text for box in boxes), sorted(o["confidence_text"] for o in objects))
                for box in boxes:
                    self.assertIn(box.get_attribute("data-organic"), ("true", "false"))
                    if mode == "check":
                        self.assertEqual(box.get_attribute("data-organic"), "false")
                self.assertEqual(browser.texts("waste-object-name"), [o["display_name"] for o in objects])
                self.assertEqual(browser.texts("waste-object-bin"), [o["bin_name"] for o in objects])
                browser.screenshot(f"waste-{mode}")
        self.assertEqual(self.browser.script("return JSON.parse(localStorage.getItem('sightline.waste.mode'))"), "classify")


class CatScannerChecks:
    """Cat Scanner: with the cat models installed, the message and three breed buttons for a cat
    and for a cabbage, Clear Page, a breed button opening its entry and the scan history;
    without them, the server's "model not installed" error and nothing saved."""

    def test_scan_shows_the_outcome_of_the_installed_models(self):
        browser, api = self.browser, self.api
        installed = CAT_MODELS <= api.model_names()
        browser.open("/cat", page="cat")
        if not installed:
            photo = FIXTURES / "siamese-cat.jpg"
            expected = api.upload("cat", photo.read_bytes(), save="false")
            self.assertEqual(expected.error["code"], "model_not_installed")
            browser.choose_file(photo)
            banner = browser.element("error-banner")
            self.assertEqual(banner.get_attribute("data-code"), "model_not_installed")
            self.assertEqual(browser.text("error-message"), user_message(expected.error))
            self.assertEqual(browser.elements("cat-message"), [])
            self.assertEqual(browser.elements("breed-button"), [])
            browser.screenshot("cat-models-missing")
            browser.open("/cat/history", page="cat-history")
            browser.element("cat-history-empty")
            return

        scans = []
        for photo, is_cat in ((FIXTURES / "siamese-cat.jpg", True), (SAMPLES / "cabbage.jpg", False)):
            with self.subTest(photo=photo.name):
                expected = api.upload("cat", photo.read_bytes(), save="false").json
                self.assertEqual(expected["is_cat"], is_cat)
                browser.choose_file(photo)
                headline = browser.element("cat-headline")
                browser.wait(lambda: headline.text == expected["headline"], "the scan's verdict first")
                self.assertEqual(expected["headline"] == "Not a cat", not is_cat)
                if not is_cat:
                    # A photo that is not a cat leads with the verdict; its breeds wait to be asked for.
                    self.assertFalse(browser.find("cat-message").is_displayed())
                    browser.click("show-breeds")
                message = browser.element("cat-message")
                browser.wait(lambda: message.text == expected["message"], "the scan's message")
                self.assertEqual(message.get_attribute("data-is-cat"), str(is_cat).lower())
                breeds = expected["breeds"]
                self.assertTrue(all(breed["confidence"] >= 0.05 for breed in breeds), breeds)
                self.assertLessEqual(len(breeds), 3)
                buttons = browser.elements("breed-button")
                self.assertEqual(len(buttons), len(breeds))
                self.assertEqual([button.get_attribute("data-breed") for button in buttons], [breed["name"] for breed in breeds])
                self.assertEqual([words(button) for button in buttons],
                                 [f"{breed['name']}: {breed['confidence'] * 100:.1f}%" for breed in breeds])
                if is_cat:
                    self.assertIn("Siamese", [breed["name"] for breed in breeds])
                browser.screenshot(f"cat-{'cat' if is_cat else 'not-a-cat'}")
                scans.append(expected)
                browser.click("clear-page")
                browser.wait(lambda: not browser.elements("cat-message"), "Clear Page to empty the result")

        browser.choose_file(FIXTURES / "siamese-cat.jpg")
        first = browser.element("breed-button")
        name = first.get_attribute("data-breed")
        browser.click(first)
        browser.wait_page("breed")
        self.assertEqual(browser.text("breed-name"), name)

        browser.open("/cat/history", page="cat-history")
        browser.settle()
        history = api.get("cat/history").json["scans"]
        self.assertEqual(len(history), 3)
        self.assertEqual([item.get_attribute("data-id") for item in browser.elements("cat-history-item")], [str(scan["id"]) for scan in history])
        self.assertEqual([scan["is_cat"] for scan in history], [True, False, True])
        self.assertEqual([scan["display_message"] for scan in history], [scan["message"] for scan in history], "English is the saved text")
        # Like the scan page: the scan that is not a cat says so; its breeds wait to be asked for.
        self.assertEqual(browser.texts("cat-history-not-cat"), [text("catHistory.notCat")])
        self.assertEqual(browser.texts("cat-history-message"), [scans[0]["message"], "", scans[0]["message"]])
        browser.click("cat-history-show-breeds")
        browser.wait(lambda: browser.texts("cat-history-message") == [scans[0]["message"], scans[1]["message"], scans[0]["message"]],
                     "the breeds of the scan that is not a cat, on request")
        browser.screenshot("cat-history")
        # In German the saved scans speak German.
        german = api.get("cat/history", lang="de").json["scans"]
        self.assertNotEqual([scan["display_message"] for scan in german], [scan["message"] for scan in german])
        Select(browser.element("language-select")).select_by_value("de")
        browser.wait(lambda: browser.script("return document.documentElement.lang") == "de", "the page in German")
        browser.open("/cat/history", page="cat-history")
        browser.wait(lambda: browser.texts("cat-history-not-cat") == [text("catHistory.notCat", "de")], "the verdict in German")
        self.assertEqual(browser.texts("cat-history-message"), [german[0]["display_message"], "", german[2]["display_message"]])
        # The breeds by their German names (Siamese: Siam), as the encyclopaedia has them.
        german_names = {breed["name"]: breed["display_name"] for breed in api.get("breeds", lang="de").json["breeds"]}
        shown = [words(button).rsplit(":", 1)[0] for button in browser.elements("cat-history-breed") if button.text]
        self.assertEqual(shown, [german_names[breed["name"]] for scan in (german[0], german[2]) for breed in scan["breeds"]])
        self.assertIn("Siam", shown)
        Select(browser.element("language-select")).select_by_value("en")
        browser.wait(lambda: browser.script("return document.documentElement.lang") == "en", "the page in English")
        browser.open("/cat/history", page="cat-history")
        browser.element("cat-history-item")
        browser.click("cat-history-delete-all")
        browser.click("confirm-ok")
        browser.element("cat-history-empty")
        browser.wait(lambda: api.get("cat/history").json["scans"] == [], "the history deleted (after the undo time)")


class EncyclopaediaChecks:
    """The breed encyclopaedia: every breed, a search kept in the URL, one breed's page, and a
    favourite set on that page, filtered for and removed from the list."""

    def test_search_open_a_breed_and_favourite_it(self):
        browser, api = self.browser, self.api
        every_breed = [breed["name"] for breed in api.get("breeds").json["breeds"]]
        browser.open("/breeds", page="breeds")
        browser.wait(lambda: [card.get_attribute("data-name") for card in browser.elements("breed-card")] == every_breed, "every breed")
        self.assertIn(str(len(every_breed)), browser.text("breed-count"))
        # A card has a picture exactly when its entry has one installed; no empty frames.
        pictured = [breed["name"] for breed in api.get("breeds").json["breeds"] if breed["photo"]]
        self.assertEqual(browser.script(
            "return [...document.querySelectorAll('[data-test=breed-card]')]"
            ".filter((card) => card.querySelector('[data-test=breed-photo-image]')).map((card) => card.dataset.name)"), pictured)
        browser.screenshot("breeds")

        found = [breed["name"] for breed in api.get("breeds", q="ben").json["breeds"]]
        self.assertIn("Bengal", found)
        browser.type("breed-search", "ben")
        browser.wait(lambda: [card.get_attribute("data-name") for card in browser.elements("breed-card")] == found, "the search results")
        self.assertEqual(browser.path, "/breeds?q=ben")
        bengal = next(card for card in browser.elements("breed-card") if card.get_attribute("data-name") == "Bengal")
        browser.click(browser.find("breed-link", within=bengal))
        browser.wait_page("breed")
        self.assertEqual(browser.path, "/breeds/Bengal")

        breed = api.get("breeds/Bengal").json
        self.assertEqual(browser.text("breed-name"), "Bengal")
        self.assertEqual(browser.text("breed-summary"), breed["summary"])
        self.assertEqual(browser.text("breed-description"), breed["description"])
        self.assertIn(breed["origin"], browser.text("breed-origin"))
        self.assertEqual(browser.find("breed-recognised").get_attribute("data-recognised"), str(breed["recognised_by_scanner"]).lower())
        if breed["photo"] or os.environ.get("SIGHTLINE_TESTS_REQUIRE_ALL") == "1":
            picture = browser.element("breed-photo-image")
            browser.wait(lambda: browser.script("return arguments[0].complete && arguments[0].naturalWidth", picture) > 0, "the picture to load")
            self.assertEqual(browser.text("breed-photo-credit"), f"Photo: {breed['photo']['credit']}, {breed['photo']['licence']}")
        browser.screenshot("breed")

        star = browser.element("favourite-toggle")
        self.assertEqual(star.get_attribute("aria-pressed"), "false")
        browser.click(star)
        browser.wait(lambda: star.get_attribute("aria-pressed") == "true", "the star to be on")
        self.assertEqual([b["name"] for b in api.get("breeds/favourites").json["breeds"]], ["Bengal"])

        # The back arrow returns to the search the user came from, not to the bare list.
        browser.click("back-button")
        browser.wait_page("breeds")
        self.assertEqual(browser.path, "/breeds?q=ben")
        browser.click(browser.find("breed-filters").find_element("css selector", "summary"))
        browser.toggle("filter-favourite")
        browser.wait(lambda: [card.get_attribute("data-name") for card in browser.elements("breed-card")] == ["Bengal"], "only the favourite")
        self.assertEqual(browser.path, "/breeds?q=ben&favourite=true")
        star = browser.find("favourite-toggle", within=browser.element("breed-card"))
        self.assertEqual(star.get_attribute("aria-pressed"), "true")
        browser.click(star)
        browser.wait(lambda: star.get_attribute("aria-pressed") == "false", "the star to be off")
        self.assertEqual(api.get("breeds/favourites").json["breeds"], [])
        browser.reload(page="breeds")
        browser.element("breeds-none")


class KitchenChecks:
    """Kitchen: typed ingredients, recipe cards with "With additional:", a recipe's details, its
    favourite star, its missing ingredients on the shopping list (tick, remove, add, clear);
    an ingredient from a photo as the installed model (or its absence) decides."""

    def setUp(self):
        super().setUp()
        self.assertTrue(self.api.delete("kitchen/ingredients").ok)  # each test starts with an empty list

    def card_ids(self):
        """The ids of every recipe card, after "Show more" has shown them all (ten at a time)."""
        while True:
            more = [button for button in self.browser.elements("recipes-more") if button.is_displayed()]
            if not more:
                return [card.get_attribute("data-id") for card in self.browser.elements("recipe-card")]
            shown = len(self.browser.elements("recipe-card"))
            self.browser.script("arguments[0].click()", more[0])
            self.browser.wait(lambda: len(self.browser.elements("recipe-card")) > shown, "the next recipe cards")

    def expected_recipes(self):
        """The recipes the page asks for with its default options."""
        return self.api.get("kitchen/recipes", ranking="most-used", **{"ignore-pantry": "true"}, limit=30).json["recipes"]

    def test_ingredients_recipes_details_favourite_and_shopping_list(self):
        browser, api = self.browser, self.api
        browser.open("/kitchen", page="kitchen")
        browser.element("ingredients-empty")
        browser.element("recipes-empty")

        browser.type("ingredient-input", "cabbage\n")
        browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == ["cabbage"], "cabbage on the list")
        browser.type("ingredient-input", "carrot")
        browser.click("ingredient-add")
        browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == ["carrot", "cabbage"], "carrot on the list")
        self.assertEqual(api.get("kitchen/ingredients").json["ingredients"], ["carrot", "cabbage"])

        recipes = self.expected_recipes()
        self.assertTrue(recipes)
        browser.wait(lambda: self.card_ids() == [recipe["id"] for recipe in recipes], "the recipe cards")
        for card, recipe in zip(browser.elements("recipe-card"), recipes):
            self.assertEqual(browser.find("recipe-used", within=card).text, ", ".join(recipe["used"]))
            if recipe["missing"]:
                missing = browser.find("recipe-missing", within=card)
                self.assertEqual(missing.text, ", ".join(recipe["missing"]))
                line = browser.script("return arguments[0].parentElement.textContent", missing)
                self.assertEqual(line, f"{text('recipe.withAdditional')} {', '.join(recipe['missing'])}")
            else:
                browser.find("recipe-complete", within=card)
        browser.screenshot("kitchen")

        chosen = next(recipe for recipe in recipes if recipe["missing"])
        card = next(card for card in browser.elements("recipe-card") if card.get_attribute("data-id") == chosen["id"])
        browser.click(browser.find("recipe-link", within=card))
        browser.wait_page("recipe")
        self.assertEqual(browser.path, f"/kitchen/recipes/{chosen['id']}")
        recipe = api.get(f"kitchen/recipes/{chosen['id']}").json
        self.assertEqual(browser.text("recipe-title"), recipe["title"])
        self.assertIn(str(recipe["ready_in_minutes"]), browser.text("recipe-time"))
        ingredients = browser.elements("recipe-ingredient")
        self.assertEqual([item.get_attribute("data-name") for item in ingredients], [item["name"] for item in recipe["ingredients"]])
        self.assertEqual({item.get_attribute("data-name") for item in ingredients if item.get_attribute("data-have") == "true"}, set(recipe["have"]))
        self.assertEqual(browser.texts("recipe-steps")[0].split("\n"), recipe["steps"])
        browser.screenshot("recipe")

        favourite = browser.element("recipe-favourite")
        self.assertEqual(favourite.get_attribute("aria-pressed"), "false")
        browser.click(favourite)
        browser.wait(lambda: favourite.get_attribute("aria-pressed") == "true", "the recipe to be a favourite")
        self.assertEqual([f["id"] for f in api.get("kitchen/favourites").json["favourites"]], [chosen["id"]])

        browser.click("recipe-add-missing")
        browser.wait(lambda: sorted(item["name"] for item in api.get("kitchen/shopping-list").json["items"]) == sorted(chosen["missing"]),
                     "the missing ingredients on the shopping list")
        browser.click("kitchen-tab-shopping")
        browser.wait_page("shopping-list")
        browser.settle()
        items = api.get("kitchen/shopping-list").json["items"]
        self.assertEqual([item.get_attribute("data-name") for item in browser.elements("shopping-item")], [item["name"] for item in items])
        browser.screenshot("shopping-list")

        first = browser.elements("shopping-item")[0]
        browser.click(browser.find("shopping-check", within=first))
        browser.wait(lambda: api.get("kitchen/shopping-list").json["items"][0]["checked"], "the first item ticked off")
        browser.wait(lambda: "shopping-item--checked" in browser.elements("shopping-item")[0].get_attribute("class"), "the tick shown")
        browser.click(browser.find("shopping-remove", within=browser.elements("shopping-item")[1]))
        browser.wait(lambda: len(browser.elements("shopping-item")) == len(items) - 1, "an item removed")
        # The delete reaches the API once its few seconds to undo it are over.
        browser.wait(lambda: items[1]["name"] not in [item["name"] for item in api.get("kitchen/shopping-list").json["items"]],
                     "the removal carried out")
        browser.type("shopping-input", "bread")
        browser.click("shopping-add")
        browser.wait(lambda: "bread" in [item.get_attribute("data-name") for item in browser.elements("shopping-item")], "bread added by hand")
        browser.click("shopping-clear")
        browser.click("confirm-ok")
        browser.element("shopping-empty")
        browser.wait(lambda: api.get("kitchen/shopping-list").json["items"] == [], "the list cleared")

        browser.click("kitchen-tab-favourites")
        browser.wait_page("kitchen-favourites")
        browser.wait(lambda: [item.get_attribute("data-id") for item in browser.elements("favourite-item")] == [chosen["id"]], "the favourite recipe")
        browser.click("favourite-remove")
        browser.element("favourites-empty")
        browser.wait(lambda: api.get("kitchen/favourites").json["favourites"] == [], "the favourite removed")

        browser.click("kitchen-tab-ingredients")
        browser.wait_page("kitchen")
        carrot = next(item for item in browser.wait(lambda: browser.elements("ingredient-item"), "the ingredient list")
                      if item.get_attribute("data-name") == "carrot")
        browser.click(browser.find("ingredient-delete", within=carrot))
        browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == ["cabbage"], "carrot removed")
        browser.wait(lambda: api.get("kitchen/ingredients").json["ingredients"] == ["cabbage"], "the removal carried out")
        recipes = self.expected_recipes()
        browser.wait(lambda: self.card_ids() == [recipe["id"] for recipe in recipes], "the recipes for cabbage alone")

    def test_ingredient_from_a_photo(self):
        browser, api = self.browser, self.api
        model = next((name for name in ("kitchen-detector", "kitchen-ingredients") if name in api.model_names()), None)
        # The detector gets a photo of several peppers, the classifier one of cabbages.
        photo = SAMPLES / ("green-bell-pepper.jpg" if model == "kitchen-detector" else "cabbage.jpg")
        expected = api.upload("kitchen/identify", photo.read_bytes(), add="false")
        browser.open("/kitchen", page="kitchen")
        browser.element("ingredients-empty")
        if model:
            labels = api.get(f"models/{model}").json["labels"]
            expected_line = f"recognises {len(labels)} ingredients: {', '.join(labels)}."
        else:
            expected_line = "No ingredient model is installed"
        browser.wait(lambda: expected_line in (browser.current_text("recognised-ingredients") or ""),
                     "the page to say which ingredients photos can be recognised as")
        browser.choose_file(photo)
        if model == "kitchen-detector":
            self.check_found_ingredients(expected.json)
            return
        if "kitchen-ingredients" not in api.model_names():
            self.assertEqual(expected.error["code"], "model_not_installed")
            self.assertEqual(browser.element("error-banner").get_attribute("data-code"), "model_not_installed")
            self.assertEqual(browser.text("error-message"), user_message(expected.error))
            self.assertEqual(api.get("kitchen/ingredients").json["ingredients"], [])
            return
        answer = expected.json
        if answer.get("ingredient"):
            self.assertIn(answer["ingredient"], browser.text("identify-result"))
            browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == [answer["ingredient"]],
                         "the recognised ingredient on the list")
        else:
            browser.element("identify-unsure")
            candidates = browser.elements("candidate-button")
            self.assertEqual([button.get_attribute("data-name") for button in candidates], [c["name"] for c in answer["candidates"]])
            browser.click(candidates[0])
            browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == [answer["candidates"][0]["name"]],
                         "the picked ingredient on the list")
        browser.screenshot("kitchen-photo")

    def check_found_ingredients(self, answer):
        """With the detector: the photo with a box per box of the API's answer, each ingredient's
        best one labelled; the added ones on the list, the others offered as buttons that add them."""
        browser = self.browser
        found = answer["found"]
        panel = browser.element("identify-found")
        self.assertEqual(panel.get_attribute("data-count"), str(len(found)))
        boxes = [(ingredient["name"], str(ingredient["accepted"]).lower()) for ingredient in found for _ in ingredient["boxes"]]
        browser.wait(lambda: sorted((box.get_attribute("data-name"), box.get_attribute("data-accepted"))
                                    for box in browser.elements("found-box")) == sorted(boxes), "a box per box found")
        labels = [box.text for box in browser.elements("found-box") if box.text]
        self.assertEqual(sorted(labels), sorted(f"{i['name']} {i['confidence'] * 100:.1f}%" for i in found),
                         "each ingredient's best box labelled with its name and confidence")
        accepted = [ingredient["name"] for ingredient in found if ingredient["accepted"]]
        offered = [ingredient["name"] for ingredient in found if not ingredient["accepted"]]
        if not found:
            browser.element("found-none")
        if accepted:
            self.assertEqual(browser.text("found-added"), text("kitchen.foundAdded", names=", ".join(accepted)))
        browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == accepted,
                     "the ingredients added, the most confident on top")
        self.assertEqual([button.get_attribute("data-name") for button in browser.elements("offer-button")], offered)
        browser.screenshot("kitchen-photo")
        if offered:
            browser.click(browser.elements("offer-button")[0])
            browser.wait(lambda: browser.elements("offer-button")[0].get_attribute("disabled") is not None, "the offer used")
            browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == [offered[0]] + accepted,
                         "the offered ingredient added on top")
        browser.click("found-close")
        browser.absent("identify-found")


class ErrorChecks:
    """A cut-off JPEG chosen in each app shows the server's error code and message in the error
    banner, which can be dismissed, and saves nothing."""

    PAGES = (
        ("recognizer", "recognize", {"top": 5, "faces": "true"}),
        ("waste", "waste", {"mode": "check"}),
        ("cat", "cat", {"save": "true"}),
        ("kitchen", "kitchen/identify", {"add": "true"}),
    )

    def test_corrupt_upload_shows_the_servers_message(self):
        browser, api = self.browser, self.api
        self.grant_consent()
        whole = (SAMPLES / "cabbage.jpg").read_bytes()
        with tempfile.TemporaryDirectory() as folder:
            corrupt = pathlib.Path(folder) / "cabbage-cut-off.jpg"
            corrupt.write_bytes(whole[: len(whole) // 2])
            for page, route, params in self.PAGES:
                with self.subTest(page=page):
                    expected = api.upload(route, corrupt.read_bytes(), **params)
                    self.assertFalse(expected.ok)
                    if page == "recognizer":
                        self.assertEqual(expected.error["code"], "unreadable_image")
                    browser.open(f"/{page}", page=page)
                    browser.settle()
                    browser.choose_file(corrupt)
                    banner = browser.element("error-banner")
                    self.assertEqual(banner.get_attribute("data-code"), expected.error["code"])
                    self.assertEqual(browser.text("error-message"), user_message(expected.error))
                    if page == "recognizer":
                        browser.absent("capture-sheet")
                    if page == "waste":
                        self.assertEqual(browser.text("waste-information"), user_message(expected.error))
                    browser.screenshot(f"error-{page}", full_page=False)
                    browser.click("error-dismiss")
                    browser.wait(lambda: not banner.is_displayed(), "the banner to be dismissed")
        self.assertEqual(api.get("recognizer/history").json["captures"], [])
        browser.wait(lambda: api.get("cat/history").json["scans"] == [], "the history deleted (after the undo time)")
        self.assertEqual(api.get("kitchen/ingredients").json["ingredients"], [])


class LanguageChecks:
    """German and Ukrainian change the interface texts and the texts the API sends (a category
    name), and are remembered after a reload."""

    APP_NAMES = ("recognizer.name", "waste.name", "cat.name", "kitchen.name", "library.name")

    def assert_home_in(self, language):
        browser = self.browser
        names = [TEXTS[language][key] for key in self.APP_NAMES]
        browser.wait(lambda: [element.text for element in browser.driver.find_elements("css selector", ".app-tile__name")] == names,
                     f"the app names in {language}")
        self.assertEqual(browser.script("return document.documentElement.lang"), language)
        self.assertEqual(browser.driver.find_element("css selector", "main .lead").text, TEXTS[language]["home.intro"])
        self.assertEqual(Select(browser.find("language-select")).first_selected_option.get_attribute("value"), language)

    def test_german_and_ukrainian_change_the_texts_and_are_remembered(self):
        browser, api = self.browser, self.api
        browser.open("/", page="home")
        self.assert_home_in("en")
        photo = SAMPLES / "cabbage.jpg"
        english_category = api.upload("recognize", photo.read_bytes(), lang="en").json["category_name"]
        for language in ("de", "uk"):
            with self.subTest(language=language):
                Select(browser.element("language-select")).select_by_value(language)
                self.assert_home_in(language)
                browser.screenshot(f"home-{language}")
                browser.reload(page="home")
                self.assert_home_in(language)

                browser.open("/recognizer", page="recognizer")
                self.assertEqual(browser.text("page-title"), TEXTS[language]["recognizer.name"])
                category = api.upload("recognize", photo.read_bytes(), lang=language).json["category_name"]
                self.assertNotEqual(category, english_category)
                self.open_capture_sheet(photo)
                self.assertEqual(browser.text("capture-category"), category)
                browser.screenshot(f"recognizer-capture-sheet-{language}", full_page=False)
                browser.click("capture-cancel")
                browser.absent("capture-sheet")
                browser.open("/", page="home")
        Select(browser.element("language-select")).select_by_value("en")
        self.assert_home_in("en")


class LiveViewChecks:
    """The live view, fed by Chromium's fake camera playing a video of real photos: the labels
    shown are those of the photos, the badges show numbers, the shutter captures a frame, and
    leaving the page stops the camera and closes every live socket."""

    camera_photos = CAMERA_PHOTOS

    def wait_for_live_badges(self):
        """The frames-per-second and latency badges show numbers (they are redrawn with every result)."""
        for test, pattern in (("live-fps", r"\d+\.\d fps"), ("live-latency", r"\d+ ms")):
            self.browser.wait(lambda: re.fullmatch(pattern, self.browser.current_text(test) or ""), f"{test} to show a number")

    def test_live_labels_follow_the_camera_and_leaving_stops_it(self):
        browser = self.browser
        expected = {label for _, label in CAMERA_PHOTOS}
        seen = set()
        browser.open("/recognizer", page="recognizer")
        browser.element("camera-video")

        def every_photo_named():
            label, caption = browser.script(
                "const bar = document.querySelector('[data-test=\"result-bar\"]');"
                " return [bar.dataset.label || null, bar.querySelector('[data-test=\"result-label\"]').textContent]")
            if label:
                self.assertIn(label, expected)
                self.assertRegex(caption, rf"^{re.escape(label)}, \d+\.\d%$")
                seen.add(label)
            return seen == expected

        browser.wait(every_photo_named, f"the live view to name each photo the camera shows ({sorted(expected)})")
        self.wait_for_live_badges()
        browser.screenshot("recognizer-live", full_page=False)

        browser.wait(lambda: browser.find("shutter").is_enabled(), "the shutter")
        browser.click("shutter")
        browser.element("capture-sheet")
        browser.wait(lambda: browser.find("capture-accept").is_enabled(), "the captured frame's result")
        self.assertIn(browser.text("capture-caption").rsplit(", ", 1)[0], expected)
        browser.click("capture-cancel")
        browser.absent("capture-sheet")
        browser.wait(lambda: browser.elements("live-fps"), "the live view to resume")

        video = browser.find("camera-video")
        browser.script("window.testCameraStream = arguments[0].srcObject", video)
        self.assertEqual(browser.script("return window.testCameraStream.getVideoTracks().map((track) => track.readyState)"), ["live"])
        browser.click("back-button")
        browser.wait_page("home")
        browser.wait(lambda: browser.script("return window.testCameraStream.getTracks().every((track) => track.readyState === 'ended')"),
                     "the camera to stop")
        sockets = browser.websockets()
        self.assertGreaterEqual(len(sockets), 2)  # one before the shutter, one after
        self.assertTrue(all("/api/v1/live?app=recognizer" in socket["url"] for socket in sockets.values()))
        browser.wait(lambda: all(socket["closed"] for socket in browser.websockets().values()), "every live socket to close")

    def test_wasteguard_live_view(self):
        browser = self.browser
        self.grant_consent()
        browser.open("/waste", page="waste")
        browser.element("waste-information")
        browser.toggle("live-toggle")
        browser.element("camera-video")
        read = ("const information = document.querySelector('[data-test=\"waste-information\"]');"
                " return [information.dataset.count || null, document.querySelectorAll('[data-test=\"waste-box\"]').length,"
                " information.textContent]")
        browser.wait(lambda: browser.script(read)[0] is not None, "a live WasteGuard result")
        count, boxes, information = browser.script(read)
        self.assertEqual(int(count), boxes)
        self.assertNotEqual(information.strip(), text("waste.informationHint"))
        self.wait_for_live_badges()
        browser.screenshot("waste-live", full_page=False)
        browser.script("window.testCameraStream = arguments[0].srcObject", browser.find("camera-video"))
        browser.click("overview-link")
        browser.wait_page("waste-overview")
        browser.wait(lambda: browser.script("return window.testCameraStream.getTracks().every((track) => track.readyState === 'ended')"),
                     "the camera to stop")
        sockets = browser.websockets()
        self.assertTrue(sockets)
        self.assertTrue(all("/api/v1/live?app=waste" in socket["url"] for socket in sockets.values()))
        browser.wait(lambda: all(socket["closed"] for socket in browser.websockets().values()), "every live socket to close")


class LibraryChecks:
    """The photo library filled by `sightline index add` and `index work` (the same data
    directory as the server): its progress, a search with a thumbnail per photo, a photo's page
    with its labels and the photos most like it, and photos like one the user chooses."""

    def fill_library(self):
        folder = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))
        for sample in sorted(SAMPLES.glob("*.jpg")):
            shutil.copyfile(sample, folder / sample.name)
        shutil.copyfile(SAMPLES / "cabbage.jpg", folder / "cabbage-again.jpg")
        binary = self.server.binary
        environment = dict(os.environ, SIGHTLINE_HOME=str(self.server.home))
        for arguments in (["index", "add", str(folder)], ["index", "work", "--tasks", "classify,features", "--threads", "1"]):
            subprocess.run([str(binary), *arguments], check=True, capture_output=True, env=environment, timeout=600)
        return {path.name: path for path in folder.iterdir()}

    def test_search_open_a_photo_and_find_similar_ones(self):
        browser, api = self.browser, self.api
        files = self.fill_library()
        browser.open("/library", page="library")
        status = browser.element("library-status")
        browser.wait(lambda: status.get_attribute("data-done") == str(len(files)), "the library's progress")
        self.assertEqual(browser.text("library-status"), text("library.statusDone", done=len(files), total=len(files)))
        browser.element("library-hint")

        found = api.get("library/search", q="cabbage").json["matches"]
        self.assertEqual({match["file"] for match in found}, {str(files["cabbage.jpg"]), str(files["cabbage-again.jpg"])})
        browser.type("library-search", "cabbage")
        browser.wait(lambda: [tile.get_attribute("data-id") for tile in browser.elements("library-match")]
                     == [str(match["id"]) for match in found], "the search results")
        self.assertEqual(browser.path, "/library?q=cabbage")
        for tile in browser.elements("library-match"):
            image = tile.find_element("css selector", "img")
            browser.wait(lambda: browser.script("return arguments[0].complete && arguments[0].naturalWidth", image) > 0, "a thumbnail")
        browser.screenshot("library")
        # A German word finds the photos the index labelled in English (cabbage: Kohlkopf).
        self.assertEqual(api.get("library/search", q="Kohlkopf").json["matches"], [], "in English, a German word finds nothing")
        german = api.get("library/search", q="Kohlkopf", lang="de").json["matches"]
        self.assertEqual([match["id"] for match in german], [match["id"] for match in found])
        Select(browser.element("language-select")).select_by_value("de")
        browser.wait(lambda: browser.script("return document.documentElement.lang") == "de", "the page in German")
        browser.open("/library", page="library")
        browser.type("library-search", "Kohlkopf")
        browser.wait(lambda: [tile.get_attribute("data-id") for tile in browser.elements("library-match")]
                     == [str(match["id"]) for match in german], "the German search's results")
        Select(browser.element("language-select")).select_by_value("en")
        browser.wait(lambda: browser.script("return document.documentElement.lang") == "en", "the page in English")
        browser.open("/library?q=cabbage", page="library")
        browser.wait(lambda: len(browser.elements("library-match")) == len(found), "the search results")

        first = found[0]
        browser.click(browser.elements("library-match")[0].find_element("css selector", "a"))
        browser.wait_page("library-photo")
        self.assertEqual(browser.path, f"/library/photos/{first['id']}")
        photo = api.get(f"library/photos/{first['id']}").json
        self.assertEqual(browser.text("library-photo-name"), photo["name"])
        self.assertEqual(browser.texts("library-photo-label-name"), [label["label"] for label in photo["labels"]])
        image = browser.element("library-photo-image")
        browser.wait(lambda: browser.script("return arguments[0].complete && arguments[0].naturalWidth", image) > 0, "the photo")
        twin = "cabbage-again.jpg" if photo["name"] == "cabbage.jpg" else "cabbage.jpg"
        similar = api.get(f"library/photos/{first['id']}/similar").json["results"]
        self.assertEqual(similar[0]["file"], str(files[twin]), "the copy looks most alike")
        browser.wait(lambda: [tile.get_attribute("data-id") for tile in browser.elements("library-photo-similar-item")]
                     == [str(result["id"]) for result in similar], "the similar photos")
        browser.screenshot("library-photo")

        browser.click("back-button")
        browser.wait_page("library")
        browser.choose_file(SAMPLES / "glass-bottle.jpg", test="library-file-input")
        browser.wait(lambda: len(browser.elements("library-similar")) > 0, "photos like the chosen one")
        nearest = browser.elements("library-similar")[0]
        self.assertEqual(nearest.find_element("css selector", "a").get_attribute("title"), str(files["glass-bottle.jpg"]))

        # A file that went away after it was analysed: its tile shows an icon and its page a
        # sentence instead of a broken picture; its labels stay.
        files["zucchini.jpg"].unlink()
        gone = next(match for match in api.get("library/search", q="zucchini").json["matches"])
        self.assertEqual(api.get(f"library/photos/{gone['id']}/thumbnail").status, 410)
        browser.open("/library?q=zucchini", page="library")
        browser.wait(lambda: len(browser.elements("photo-tile-missing")) == 1, "the missing file's tile")
        browser.open(f"/library/photos/{gone['id']}", page="library-photo")
        self.assertEqual(browser.text("library-photo-missing"), text("library.pictureMissing"))
        self.assertIn(gone["label"], browser.texts("library-photo-label-name"))


class AnswersAndLayoutChecks:
    """Issue 38's walk-through: guesses say so, content comes in the page's language (class
    names, breed pages, recipes, numbers), the desktop puts the result beside the photo and above
    the fold, the back arrow and the Cat Scanner remember where the user was, every delete can
    be undone, the Kitchen asks about ambiguous words and refuses unknown ones, a failed upload
    clears the picture, and a page without a camera says what it can do instead."""

    def choose_language(self, language):
        browser = self.browser
        Select(browser.element("language-select")).select_by_value(language)
        browser.wait(lambda: browser.script("return document.documentElement.lang") == language, f"the page in {language}")

    def test_answers_and_content_in_every_language(self):
        browser, api = self.browser, self.api
        photo = SAMPLES / "cabbage.jpg"
        english = api.upload("recognize", photo.read_bytes(), top=5, faces="true", lang="en").json
        english_breed = api.get("breeds/Maine%20Coon").json
        english_recipe = api.get("kitchen/recipes/ukrainian-borscht").json
        self.assertTrue(api.delete("kitchen/shopping-list").ok)
        self.assertTrue(api.send("POST", "kitchen/shopping-list", {"recipe": "pico-de-gallo"}).ok)
        browser.open("/", page="home")
        for language in ("en", "de", "uk"):
            with self.subTest(language=language):
                self.choose_language(language)
                expected = api.upload("recognize", photo.read_bytes(), top=5, faces="true", lang=language).json
                browser.open("/recognizer", page="recognizer")
                self.open_capture_sheet(photo)
                # (WebDriver reads the no-break space before German's "%" as a plain space.)
                self.assertEqual(browser.text("capture-caption"), expected["answer"].replace("\u00a0", " "))
                names = [element.text for element in browser.driver.find_elements("css selector", '[data-test="capture-top5"] .top5__label')]
                self.assertEqual(names, [entry["name"] for entry in expected["top5"]])
                if language != "en":
                    self.assertNotEqual(names, [entry["label"] for entry in english["top5"]], "class names are translated")
                    if expected["sure"]:
                        self.assertRegex(expected["answer"], r", \d+,\d\s?%$", "a decimal comma")
                browser.click("capture-cancel")
                browser.absent("capture-sheet")

                breed = api.get("breeds/Maine%20Coon", lang=language).json
                browser.open("/breeds/Maine%20Coon", page="breed")
                self.assertEqual(browser.text("breed-name"), breed["display_name"])
                self.assertEqual(browser.text("breed-description"), breed["description"])
                self.assertEqual(browser.text("breed-colours"), ", ".join(breed["coat"]["colours"]))
                self.assertEqual(browser.text("breed-pattern"), ", ".join(breed["coat"]["pattern"]))
                weight = [f"{breed['weight_kg'][end]:g}" for end in ("min", "max")]
                if language != "en":
                    weight = [number.replace(".", ",") for number in weight]
                    self.assertNotEqual(breed["coat"]["pattern"], english_breed["coat"]["pattern"], "coat terms are translated")
                self.assertEqual(browser.text("breed-weight"), f"{weight[0]}–{weight[1]} kg", "numbers written the language's way")
                if breed["photo"]:
                    word = {"en": "Photo", "de": "Foto", "uk": "Фото"}[language]
                    self.assertEqual(browser.text("breed-photo-credit"), f"{word}: {breed['photo']['credit']}, {breed['photo']['licence']}")
                overview = api.get("waste/overview", lang=language).json
                browser.open("/waste/overview", page="waste-overview")
                if overview["heads"]:
                    browser.element("overview-head")
                    self.assertEqual(browser.texts("overview-head"),
                                     [f"{head['model']}: {', '.join(head['display_labels'])}" for head in overview["heads"]])
                    if language != "en":
                        self.assertNotEqual([head["display_labels"] for head in overview["heads"]],
                                            [head["labels"] for head in overview["heads"]], "the heads' labels are translated")
                recipe = api.get("kitchen/recipes/ukrainian-borscht", lang=language).json
                browser.open("/kitchen/recipes/ukrainian-borscht", page="recipe")
                self.assertEqual(browser.text("recipe-title"), recipe["title"])
                browser.element("recipe-ingredient-name")
                self.assertEqual(browser.texts("recipe-ingredient-name"), [ingredient["display_name"] for ingredient in recipe["ingredients"]])
                if language != "en":
                    self.assertNotEqual(breed["description"], english_breed["description"])
                    self.assertNotEqual(recipe["title"], english_recipe["title"])
                    self.assertNotEqual(recipe["steps"], english_recipe["steps"])
                browser.screenshot(f"recipe-{language}")
                items = api.get("kitchen/shopping-list", lang=language).json["items"]
                browser.open("/kitchen/shopping-list", page="shopping-list")
                browser.element("shopping-item")
                names = [element.text for element in browser.driver.find_elements("css selector", '[data-test="shopping-item"] .shopping-item__name')]
                self.assertEqual(names, [item["display_name"] for item in items])
                if language != "en":
                    self.assertNotEqual(names, [item["name"] for item in items], "ingredient names are translated")
        self.choose_language("en")

    def test_errors_in_every_language(self):
        # The API words its errors in English; a German or Ukrainian page says them in its own.
        browser, api = self.browser, self.api
        whole = (SAMPLES / "cabbage.jpg").read_bytes()
        missing = api.get("breeds/zzzz")
        self.assertEqual(missing.error["code"], "not_found")
        browser.open("/", page="home")
        with tempfile.TemporaryDirectory() as folder:
            corrupt = pathlib.Path(folder) / "cabbage-cut-off.jpg"
            corrupt.write_bytes(whole[: len(whole) // 2])
            unreadable = api.upload("cat", corrupt.read_bytes(), save="false")
            for language in ("en", "de", "uk"):
                with self.subTest(language=language):
                    self.choose_language(language)
                    browser.open("/breeds/zzzz", page="breed")
                    message = browser.text("breed-error")
                    self.assertIn(user_message(missing.error, language), message)
                    if language != "en":
                        self.assertNotIn(missing.error["message"], message)
                    browser.open("/cat", page="cat")
                    browser.settle()
                    browser.choose_file(corrupt)
                    browser.element("error-banner")
                    self.assertEqual(browser.text("error-message"), user_message(unreadable.error, language))
                    browser.click("error-dismiss")
        self.choose_language("en")

    def test_a_guess_says_it_is_one(self):
        browser, api = self.browser, self.api
        # The rule: sure exactly when the confidence reaches the model's threshold; the answer
        # of a guess says so and names the most likely class with a whole percentage.
        for photo in (SAMPLES / "cabbage.jpg", TWO_FACES, SAMPLES / "cardboard-box.jpg"):
            answer = api.upload("recognize", photo.read_bytes(), lang="en").json
            self.assertEqual(answer["sure"], answer["confidence"] >= answer["threshold"], photo.name)
            if answer["sure"]:
                self.assertEqual(answer["answer"], answer["caption"])
            else:
                self.assertRegex(answer["answer"], r"^Not sure — maybe .+ \(\d+%\)\?$")
        guess = next((photo for photo in (TWO_FACES, SAMPLES / "cardboard-box.jpg", SAMPLES / "glass-bottle.jpg")
                      if not api.upload("recognize", photo.read_bytes()).json["sure"]), None)
        if guess is None:
            self.skipTest("every sample photo is recognised above the threshold")
        browser.open("/", page="home")
        for language, opening in (("en", "Not sure"), ("de", "Nicht sicher"), ("uk", "Точно не знаю")):
            with self.subTest(language=language):
                self.choose_language(language)
                expected = api.upload("recognize", guess.read_bytes(), top=5, faces="true", lang=language).json
                self.assertTrue(expected["answer"].startswith(opening), expected["answer"])
                browser.open("/recognizer", page="recognizer")
                self.open_capture_sheet(guess)
                self.assertEqual(browser.text("capture-caption"), expected["answer"].replace("\u00a0", " "))
                browser.click("capture-cancel")
        self.choose_language("en")

    def test_desktop_puts_the_result_beside_the_photo_and_the_phone_below_it(self):
        browser, api = self.browser, self.api
        if not CAT_MODELS <= api.model_names():
            self.skipTest("the Cat Scanner's models are not installed")
        browser.open("/cat", page="cat")
        browser.choose_file(FIXTURES / "siamese-cat.jpg")
        browser.element("cat-headline")
        stage = browser.find("cat-stage").rect
        result = browser.find("cat-result").rect
        if self.size == "desktop":
            self.assertGreaterEqual(result["x"], stage["x"] + stage["width"] - 1, "the result is right of the photo")
            self.assertLess(result["y"] + 40, browser.script("return window.innerHeight"), "the result starts above the fold")
        else:
            self.assertGreaterEqual(result["y"], stage["y"] + stage["height"] - 1, "the result is below the photo")
            browser.wait(lambda: browser.script("return arguments[0].getBoundingClientRect().top", browser.find("cat-result")) < 400,
                         "the result scrolled into view")
        browser.screenshot("cat-layout")

    def test_the_back_arrow_and_the_scanner_remember_where_the_user_was(self):
        browser, api = self.browser, self.api
        if not CAT_MODELS <= api.model_names():
            self.skipTest("the Cat Scanner's models are not installed")
        browser.open("/cat", page="cat")
        browser.choose_file(FIXTURES / "siamese-cat.jpg")
        headline = browser.text("cat-headline")
        first = browser.element("breed-button")
        name = first.get_attribute("data-breed")
        browser.click(first)
        browser.wait_page("breed")
        browser.click("back-button")
        browser.wait_page("cat")
        self.assertEqual(browser.text("cat-headline"), headline, "the scan is shown again")
        self.assertEqual(browser.element("breed-button").get_attribute("data-breed"), name)
        # The browser's own back and forward too.
        browser.driver.forward()
        browser.wait_page("breed")
        browser.driver.back()
        browser.wait_page("cat")
        self.assertEqual(browser.text("cat-headline"), headline)
        browser.click("clear-page")
        browser.wait(lambda: not browser.elements("cat-headline"), "Clear Page to forget the scan")

    def test_deletes_can_be_undone_and_words_are_checked(self):
        browser, api = self.browser, self.api
        self.assertTrue(api.delete("kitchen/ingredients").ok)
        browser.open("/kitchen", page="kitchen")
        browser.type("ingredient-input", "pepper")
        browser.click("ingredient-add")
        ambiguous = browser.element("ingredient-ambiguous")
        self.assertEqual([button.get_attribute("data-name") for button in browser.elements("ingredient-option", within=ambiguous)],
                         ["bell pepper", "black pepper"])
        browser.click(browser.elements("ingredient-option", within=ambiguous)[1])
        browser.wait(lambda: [item.get_attribute("data-name") for item in browser.elements("ingredient-item")] == ["black pepper"],
                     "the chosen pepper on the list")
        browser.type("ingredient-input", "xyzzy")
        browser.click("ingredient-add")
        browser.element("ingredient-unknown")
        self.assertEqual(browser.elements("ingredient-option"), [])
        browser.type("ingredient-input", "tomatp")
        browser.click("ingredient-add")
        browser.wait(lambda: "tomato" in [button.get_attribute("data-name") for button in browser.elements("ingredient-option")],
                     "a suggestion for the typo")
        self.assertEqual(api.get("kitchen/ingredients").json["ingredients"], ["black pepper"])
        # In Ukrainian, "перець" is asked about with the choices in Ukrainian, and the ingredients
        # photos can be recognised as are named in Ukrainian.
        self.choose_language("uk")
        names = api.get("kitchen/ingredient-names", lang="uk").json["names"]
        model = next((name for name in ("kitchen-detector", "kitchen-ingredients") if name in api.model_names()), None)
        if model:
            labels = api.get(f"models/{model}").json["labels"]
            line = text("kitchen.recognises", "uk", count=len(labels), names=", ".join(names[label] for label in labels))
            browser.wait(lambda: browser.current_text("recognised-ingredients") == line,
                         "the recognisable ingredients named in Ukrainian")
        browser.type("ingredient-input", "перець")
        browser.click("ingredient-add")
        ambiguous = browser.element("ingredient-ambiguous")
        options = browser.elements("ingredient-option", within=ambiguous)
        self.assertEqual([(option.get_attribute("data-name"), option.text) for option in options],
                         [("bell pepper", names["bell pepper"]), ("black pepper", names["black pepper"])])
        self.choose_language("en")
        browser.open("/kitchen", page="kitchen")

        item = browser.element("ingredient-item")
        browser.click(browser.find("ingredient-delete", within=item))
        browser.wait(lambda: not browser.elements("ingredient-item"), "the ingredient to leave the page")
        browser.click("undo")
        browser.wait(lambda: [element.get_attribute("data-name") for element in browser.elements("ingredient-item")] == ["black pepper"],
                     "the ingredient back")
        self.assertEqual(api.get("kitchen/ingredients").json["ingredients"], ["black pepper"], "nothing was deleted")
        browser.click(browser.find("ingredient-delete", within=browser.element("ingredient-item")))
        browser.wait(lambda: api.get("kitchen/ingredients").json["ingredients"] == [], "the delete to be carried out")
        browser.absent("undo")

    def test_a_failed_upload_clears_the_picture_and_no_camera_is_said_plainly(self):
        browser = self.browser
        corrupt = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory())) / "broken.jpg"
        corrupt.write_bytes(b"\xff\xd8\xff\xe0 this is not a photo")
        browser.open("/cat", page="cat")
        browser.choose_file(corrupt)
        browser.element("error-banner")
        browser.wait(lambda: not [image for image in browser.elements("stage-image", within=browser.find("cat-stage")) if image.is_displayed()],
                     "the picture area to be empty again")
        self.assertNotIn("`", browser.text("error-message"))
        browser.open("/recognizer", page="recognizer")
        browser.element("camera-problem")
        browser.wait(lambda: browser.text("result-label") == TEXTS["en"]["recognizer.noCamera"], "the no-camera text")
        self.assertFalse(browser.find("shutter").is_displayed())



class ScreenshotTour:
    """Every page, with some content in it, at this size: it loads without an error, fits the
    screen's width, and is written as a screenshot for review."""

    def seed(self):
        api = self.api
        for photo in ("cabbage.jpg", "green-bell-pepper.jpg"):
            self.assertTrue(api.upload("recognize", (SAMPLES / photo).read_bytes(), save="true").ok)
        api.upload("cat", (FIXTURES / "siamese-cat.jpg").read_bytes(), save="true")
        for name in ("cabbage", "carrot", "potato"):
            self.assertTrue(api.send("POST", "kitchen/ingredients", {"name": name}).ok)
        recipe = api.get("kitchen/recipes").json["recipes"][0]["id"]
        self.assertTrue(api.send("PUT", f"kitchen/favourites/{recipe}", {}).ok)
        self.assertTrue(api.send("POST", "kitchen/shopping-list", {"recipe": recipe}).ok)
        self.assertTrue(api.send("PUT", "breeds/favourites/Bengal", {}).ok)
        return recipe

    def visit(self, name, path, page, title):
        browser = self.browser
        browser.open(path, page=page)
        browser.settle()
        if page == "recognizer":
            browser.element("camera-problem")
        self.assertEqual(browser.text("page-title"), title)
        self.assertEqual(browser.elements("load-error"), [])
        self.assertFalse(browser.find("error-banner").is_displayed(), browser.find("error-banner").text)
        overflow = browser.script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0, f"{path} is wider than the screen")
        browser.screenshot(name)

    def test_every_page(self):
        browser = self.browser
        self.visit("waste-consent", "/waste", "waste", text("waste.name"))
        recipe = self.seed()
        self.grant_consent()
        pages = (
            ("home", "/", "home", text("app.name")),
            ("recognizer", "/recognizer", "recognizer", text("recognizer.name")),
            ("recognizer-history", "/recognizer/history", "recognizer-history", text("history.title")),
            ("waste", "/waste", "waste", text("waste.name")),
            ("waste-overview", "/waste/overview", "waste-overview", text("overview.title")),
            ("waste-settings", "/waste/settings", "waste-settings", text("settings.title")),
            ("cat", "/cat", "cat", text("cat.name")),
            ("cat-history", "/cat/history", "cat-history", text("catHistory.title")),
            ("breeds", "/breeds", "breeds", text("breeds.title")),
            ("breed", "/breeds/Maine%20Coon", "breed", "Maine Coon"),
            ("kitchen", "/kitchen", "kitchen", text("kitchen.name")),
            ("recipe", f"/kitchen/recipes/{recipe}", "recipe", text("recipe.title")),
            ("kitchen-favourites", "/kitchen/favourites", "kitchen-favourites", text("kitchen.tab.favourites")),
            ("shopping-list", "/kitchen/shopping-list", "shopping-list", text("kitchen.tab.shopping")),
            ("library", "/library", "library", text("library.title")),
            ("not-found", "/kitchen/no-such-page", "not-found", text("notFound.title")),
        )
        for name, path, page, title in pages:
            with self.subTest(page=path):
                self.visit(name, path, page, title)
        browser.open("/waste", page="waste")
        browser.element("waste-stage")
        browser.choose_file(SAMPLES / "cardboard-box.jpg")
        browser.wait(lambda: browser.find("waste-information").get_attribute("data-count") is not None, "the analysis")
        browser.screenshot("waste-result")


class HomeAtPhoneSize(HomeChecks, BrowserTestCase):
    size = "phone"


class HomeAtDesktopSize(HomeChecks, BrowserTestCase):
    size = "desktop"


class RecognizerAtPhoneSize(RecognizerChecks, BrowserTestCase):
    size = "phone"


class RecognizerAtDesktopSize(RecognizerChecks, BrowserTestCase):
    size = "desktop"


class WasteGuardAtPhoneSize(WasteGuardChecks, BrowserTestCase):
    size = "phone"


class WasteGuardAtDesktopSize(WasteGuardChecks, BrowserTestCase):
    size = "desktop"


class CatScannerAtPhoneSize(CatScannerChecks, BrowserTestCase):
    size = "phone"


class CatScannerAtDesktopSize(CatScannerChecks, BrowserTestCase):
    size = "desktop"


class EncyclopaediaAtPhoneSize(EncyclopaediaChecks, BrowserTestCase):
    size = "phone"


class EncyclopaediaAtDesktopSize(EncyclopaediaChecks, BrowserTestCase):
    size = "desktop"


class KitchenAtPhoneSize(KitchenChecks, BrowserTestCase):
    size = "phone"


class KitchenAtDesktopSize(KitchenChecks, BrowserTestCase):
    size = "desktop"


class ErrorsAtPhoneSize(ErrorChecks, BrowserTestCase):
    size = "phone"


class ErrorsAtDesktopSize(ErrorChecks, BrowserTestCase):
    size = "desktop"


class LanguagesAtPhoneSize(LanguageChecks, BrowserTestCase):
    size = "phone"


class LanguagesAtDesktopSize(LanguageChecks, BrowserTestCase):
    size = "desktop"


class LiveViewAtPhoneSize(LiveViewChecks, BrowserTestCase):
    size = "phone"


class LiveViewAtDesktopSize(LiveViewChecks, BrowserTestCase):
    size = "desktop"


class LibraryAtPhoneSize(LibraryChecks, BrowserTestCase):
    size = "phone"


class LibraryAtDesktopSize(LibraryChecks, BrowserTestCase):
    size = "desktop"


class AnswersAndLayoutAtPhoneSize(AnswersAndLayoutChecks, BrowserTestCase):
    size = "phone"


class AnswersAndLayoutAtDesktopSize(AnswersAndLayoutChecks, BrowserTestCase):
    size = "desktop"


class EveryPageAtPhoneSize(ScreenshotTour, BrowserTestCase):
    size = "phone"


class EveryPageAtDesktopSize(ScreenshotTour, BrowserTestCase):
    size = "desktop"
