// HTMLTextTests: plain text out of the HTML in Spoonacular's texts — blocks, inline tags,
// character references, scripts.
import SightlineApps
import XCTest

final class HTMLTextTests: XCTestCase {
    func testBlockElementsAndLinesBecomeSeparateBlocks() {
        XCTAssertEqual(HTMLText.blocks("<ol><li>Chop the onion.</li>\n<li class=\"x\">Fry it &amp; stir.</li></ol>"),
                       ["Chop the onion.", "Fry it & stir."])
        XCTAssertEqual(HTMLText.blocks("Boil water.<br/>Add pasta.<BR>Drain."), ["Boil water.", "Add pasta.", "Drain."])
        XCTAssertEqual(HTMLText.blocks("Line one\nLine two\n\n  "), ["Line one", "Line two"])
        XCTAssertEqual(HTMLText.blocks("<p>First</p><p>  Second   part </p>"), ["First", "Second part"])
    }

    func testInlineTagsVanishAndReferencesDecode() {
        XCTAssertEqual(HTMLText.plainText("A <b>bold</b> move, <a href=\"x\">link</a>."), "A bold move, link.")
        XCTAssertEqual(HTMLText.plainText("Bake at 180&deg;C &ndash; 10&nbsp;min &#8211; &#x2019;done&#39; &quot;ok&quot; &lt;3"),
                       "Bake at 180°C – 10 min – ’done' \"ok\" <3")
        XCTAssertEqual(HTMLText.plainText("Salt &unknown; &amp pepper & co"), "Salt &unknown; &amp pepper & co")
        XCTAssertEqual(HTMLText.plainText("Keep<script>alert('x')</script> this<style>p{}</style>."), "Keep this.")
        XCTAssertEqual(HTMLText.plainText("1 < 2 and 3 > 2"), "1 < 2 and 3 > 2")
    }
}
