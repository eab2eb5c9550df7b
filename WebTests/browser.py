"""Debian's Chromium, headless, driven through chromedriver by Selenium, at a phone or a desktop
screen size, for the web tests. Finds elements by their `data-test` hooks (the web app's
README lists them), waits for the app's asynchronous pages, and writes full-page screenshots.

    browser = Browser("http://127.0.0.1:8080/", "phone", screenshots=pathlib.Path("shots"))
    browser.open("/recognizer", page="recognizer")
    browser.element("camera-problem")
"""
import base64
import json
import math
import os
import shutil
import tempfile

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# The CSS viewport (width, height) and whether Chromium behaves as a mobile browser.
SIZES = {
    "phone": (360, 780, True),
    "desktop": (1280, 900, False),
}

# How long a page may take to show something before the test fails. It is a guard against
# hanging, never a measurement: a busy machine with two cores can be slow to answer.
WAIT_SECONDS = 60


# Scrolls an element to the middle of the screen, lets two frames pass and answers whether it
# is still where it was put and is the topmost thing at its centre.
PLACE_FOR_CLICK = """
const [element, done] = arguments;
element.scrollIntoView({block: 'center', inline: 'center'});
const placed = element.getBoundingClientRect();
requestAnimationFrame(() => requestAnimationFrame(() => {
  const now = element.getBoundingClientRect();
  const top = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
  done(now.top === placed.top && now.left === placed.left && top !== null && element.contains(top));
}));
"""


def executable(name):
    path = shutil.which(name)
    if not path:
        raise RuntimeError(f"{name} is not installed: `apt-get install chromium chromium-driver` (Debian packages)")
    return path


def hook(test):
    return f'[data-test="{test}"]'


class Browser:
    def __init__(self, base_url, size, screenshots, fake_camera=None):
        """fake_camera: a .y4m file Chromium shows as its camera; without it there is no camera."""
        self.base_url = base_url.rstrip("/")
        self.size = size
        self.screenshots = screenshots / size
        self.sockets = {}
        self.logs_websockets = bool(fake_camera)
        options = webdriver.ChromeOptions()
        options.binary_location = executable("chromium")
        options.add_argument("--headless=new")
        options.add_argument("--disable-dev-shm-usage")
        options.add_argument("--lang=en-US")
        options.add_argument("--window-size=1280,900")
        if os.geteuid() == 0:
            options.add_argument("--no-sandbox")  # Chromium's sandbox refuses to run as root.
        if fake_camera:
            options.add_argument("--use-fake-device-for-media-stream")
            options.add_argument("--use-fake-ui-for-media-stream")
            options.add_argument(f"--use-file-for-fake-video-capture={fake_camera}")
            options.set_capability("goog:loggingPrefs", {"performance": "ALL"})  # for websockets()
        # Chromium leaves folders of its own in the temp directory (a profile lock's socket) when
        # it quits; this browser's go into a folder removed by quit().
        self.temp = tempfile.TemporaryDirectory(prefix="sightline-browser-")
        service = Service(executable("chromedriver"), env={**os.environ, "TMPDIR": self.temp.name})
        try:
            self.driver = webdriver.Chrome(service=service, options=options)
        except BaseException:
            self.temp.cleanup()
            raise
        self.emulate_screen()

    def emulate_screen(self, height=None):
        """Gives the page this size's viewport (or one `height` pixels tall)."""
        width, screen_height, mobile = SIZES[self.size]
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height or screen_height, "deviceScaleFactor": 1, "mobile": mobile})

    def quit(self):
        try:
            self.driver.quit()
        finally:
            self.temp.cleanup()

    # Navigation

    def open(self, path, page=None):
        """Loads an app URL; with `page`, waits until that page (its id, e.g. "recognizer") shows."""
        self.driver.get(self.base_url + path)
        if page:
            self.wait_page(page)

    def reload(self, page=None):
        self.driver.refresh()
        if page:
            self.wait_page(page)

    def wait_page(self, page):
        self.wait(lambda: self.script("return document.body.dataset.page") == page, f"page {page!r} to show")

    @property
    def path(self):
        return self.script("return location.pathname + location.search")

    def reset_storage(self):
        """Forgets the app's remembered settings (language, modes, options) and the sockets seen."""
        self.open("/")
        self.script("localStorage.clear()")
        if self.logs_websockets:
            self.websockets()
            self.sockets.clear()

    # Finding and waiting

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def wait(self, condition, description):
        """Waits until condition() is truthy and returns its value."""
        waiting = WebDriverWait(self.driver, WAIT_SECONDS, poll_frequency=0.1,
                                ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
        return waiting.until(lambda driver: condition(), message=f"waited {WAIT_SECONDS} s for {description}")

    def elements(self, test, within=None):
        return (within or self.driver).find_elements("css selector", hook(test))

    def find(self, test, within=None):
        """The element with this hook now (NoSuchElementException if there is none)."""
        return (within or self.driver).find_element("css selector", hook(test))

    def element(self, test, within=None):
        """Waits for the element with this hook to be shown, and returns it."""
        def shown():
            found = self.find(test, within)
            return found if found.is_displayed() else None
        return self.wait(shown, f"[data-test={test}] to be shown")

    def absent(self, test):
        self.wait(lambda: not self.elements(test), f"[data-test={test}] to go away")

    def text(self, test, within=None):
        return self.element(test, within).text.strip()

    def current_text(self, test):
        """The text of the element with this hook as it is now, read in one step (None if there is none)."""
        return self.script("const found = document.querySelector(arguments[0]); return found && found.textContent", hook(test))

    def texts(self, test, within=None):
        return [element.text.strip() for element in self.elements(test, within)]

    def settle(self):
        """Waits until no page area is loading and every image has loaded — but a lazy image
        outside the screen, which the browser loads only when it is scrolled to."""
        self.wait(lambda: self.script(
            "return document.readyState === 'complete'"
            " && !document.querySelector('.state--loading')"
            " && [...document.images].every((image) => image.complete"
            " || (image.loading === 'lazy' && image.getBoundingClientRect().top > window.innerHeight))"), "the page to finish loading")

    # Acting

    def click(self, target, within=None):
        """Clicks an element (or the element with a hook) the way a person taps it: scrolled to the
        middle of the screen, once it has stopped moving and nothing covers it. A page still
        scrolling smoothly (a result being revealed) can carry the element away from where it
        was put, so the scroll is repeated until it holds for two frames."""
        element = self.element(target, within) if isinstance(target, str) else target
        self.wait(lambda: self.driver.execute_async_script(PLACE_FOR_CLICK, element), "the element to hold still in view, uncovered")
        element.click()

    def toggle(self, test):
        """Clicks the label of a checkbox or radio button (the inputs themselves are styled away)."""
        box = self.find(test)
        label = self.script("return arguments[0].closest('label')", box)
        self.click(label)
        return box

    def type(self, test, text):
        field = self.element(test)
        field.clear()
        field.send_keys(text)
        return field

    def choose_file(self, path, test="file-input"):
        """Picks a file in the page's (hidden) file input, as "Choose image" does."""
        self.find(test).send_keys(str(path))

    # What Chromium saw

    def websockets(self):
        """Every WebSocket the pages opened, {request id: {"url", "closed"}}, from the DevTools
        log (kept only by a browser with a fake camera)."""
        sockets = self.sockets
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            parameters = message.get("params", {})
            if message.get("method") == "Network.webSocketCreated":
                sockets[parameters["requestId"]] = {"url": parameters["url"], "closed": False}
            elif message.get("method") == "Network.webSocketClosed" and parameters["requestId"] in sockets:
                sockets[parameters["requestId"]]["closed"] = True
        return sockets

    # Screenshots

    def screenshot(self, name, full_page=True):
        """Writes <screenshots>/<size>/<name>.png: the whole page, or only the screen (for dialogs).

        A whole page is taken through a viewport as tall as the page, so that sticky and fixed
        parts (action bars, the status message) sit where they would at the end of the page."""
        self.screenshots.mkdir(parents=True, exist_ok=True)
        if full_page:
            content = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
            self.emulate_screen(max(SIZES[self.size][1], math.ceil(content["height"])))
        try:
            data = self.driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
        finally:
            if full_page:
                self.emulate_screen()
        (self.screenshots / f"{name}.png").write_bytes(base64.b64decode(data))
