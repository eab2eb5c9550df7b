#!/usr/bin/env python3
"""Builds Data/imagenet-classes.tsv: the 1000 ImageNet-1k classes with short human-friendly names.

Reads the class table of the shared ImageNet sample (labels.csv: path, wnid, class_index, name,
where the name is WordNet's first synonym with underscores, e.g. `great_white_shark`, `tabby`)
and writes `index<TAB>wnid<TAB>name` in index order under a header line. Underscores become
spaces; the renames below make terse or ambiguous names clear ("tabby" -> "tabby cat",
"cock" -> "rooster") and make every name unique: ImageNet has two "crane" synsets (the bird and
the machine) and two "maillot" synsets (WordNet's leotard and tank suit), and pairs such as the
"Cardigan" corgi and the "cardigan" sweater that differ only in case. The source name is kept
next to each rename so a different labels.csv is noticed rather than silently mislabelled.

Usage:
    make_imagenet_classes.py [--labels PATH/labels.csv] [--output Data/imagenet-classes.tsv]
"""

import argparse
import csv
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_LABELS = REPOSITORY.parent / "shared" / "datasets" / "imagenet-sample" / "labels.csv"
DEFAULT_OUTPUT = REPOSITORY / "Data" / "imagenet-classes.tsv"
CLASS_COUNT = 1000

# class index -> (name in labels.csv, friendly name)
RENAMES = {
    4: ('hammerhead', 'hammerhead shark'),
    7: ('cock', 'rooster'),
    15: ('robin', 'American robin'),
    20: ('water_ouzel', 'dipper (water ouzel)'),
    21: ('kite', 'kite (bird of prey)'),
    25: ('European_fire_salamander', 'fire salamander'),
    27: ('eft', 'eft (juvenile newt)'),
    33: ('loggerhead', 'loggerhead sea turtle'),
    34: ('leatherback_turtle', 'leatherback sea turtle'),
    40: ('American_chameleon', 'American chameleon (anole)'),
    41: ('whiptail', 'whiptail lizard'),
    43: ('frilled_lizard', 'frilled-neck lizard'),
    49: ('African_crocodile', 'Nile crocodile'),
    56: ('king_snake', 'kingsnake'),
    67: ('diamondback', 'diamondback rattlesnake'),
    68: ('sidewinder', 'sidewinder rattlesnake'),
    70: ('harvestman', 'harvestman (daddy longlegs)'),
    74: ('garden_spider', 'European garden spider'),
    75: ('black_widow', 'black widow spider'),
    87: ('African_grey', 'African grey parrot'),
    92: ('bee_eater', 'bee-eater'),
    97: ('drake', 'drake (male duck)'),
    101: ('tusker', 'tusker (elephant)'),
    134: ('crane', 'crane (bird)'),
    148: ('killer_whale', 'killer whale (orca)'),
    152: ('Japanese_spaniel', 'Japanese Chin'),
    154: ('Pekinese', 'Pekingese'),
    161: ('basset', 'basset hound'),
    164: ('bluetick', 'bluetick coonhound'),
    168: ('redbone', 'redbone coonhound'),
    192: ('cairn', 'cairn terrier'),
    194: ('Dandie_Dinmont', 'Dandie Dinmont terrier'),
    195: ('Boston_bull', 'Boston terrier'),
    199: ('Scotch_terrier', 'Scottish terrier'),
    204: ('Lhasa', 'Lhasa Apso'),
    216: ('clumber', 'clumber spaniel'),
    217: ('English_springer', 'English springer spaniel'),
    224: ('groenendael', 'Groenendael (Belgian shepherd)'),
    225: ('malinois', 'Malinois (Belgian shepherd)'),
    227: ('kelpie', 'Australian kelpie'),
    240: ('Appenzeller', 'Appenzeller Sennenhund'),
    241: ('EntleBucher', 'Entlebucher Sennenhund'),
    242: ('boxer', 'boxer (dog)'),
    243: ('bull_mastiff', 'bullmastiff'),
    249: ('malamute', 'Alaskan malamute'),
    255: ('Leonberg', 'Leonberger'),
    256: ('Newfoundland', 'Newfoundland dog'),
    260: ('chow', 'chow chow'),
    263: ('Pembroke', 'Pembroke Welsh corgi'),
    264: ('Cardigan', 'Cardigan Welsh corgi'),
    268: ('Mexican_hairless', 'Mexican hairless dog'),
    270: ('white_wolf', 'white wolf (Arctic wolf)'),
    275: ('African_hunting_dog', 'African wild dog'),
    281: ('tabby', 'tabby cat'),
    296: ('ice_bear', 'polar bear'),
    312: ('cricket', 'cricket (insect)'),
    313: ('walking_stick', 'stick insect'),
    315: ('mantis', 'praying mantis'),
    321: ('admiral', 'admiral butterfly'),
    322: ('ringlet', 'ringlet butterfly'),
    323: ('monarch', 'monarch butterfly'),
    326: ('lycaenid', 'lycaenid butterfly'),
    330: ('wood_rabbit', 'cottontail rabbit'),
    332: ('Angora', 'Angora rabbit'),
    339: ('sorrel', 'sorrel horse'),
    348: ('ram', 'ram (male sheep)'),
    349: ('bighorn', 'bighorn sheep'),
    354: ('Arabian_camel', 'dromedary (Arabian camel)'),
    370: ('guenon', 'guenon monkey'),
    371: ('patas', 'patas monkey'),
    375: ('colobus', 'colobus monkey'),
    378: ('capuchin', 'capuchin monkey'),
    380: ('titi', 'titi monkey'),
    383: ('Madagascar_cat', 'ring-tailed lemur'),
    385: ('Indian_elephant', 'Asian elephant'),
    387: ('lesser_panda', 'red panda'),
    389: ('barracouta', 'snoek (barracouta)'),
    391: ('coho', 'coho salmon'),
    392: ('rock_beauty', 'rock beauty (fish)'),
    393: ('anemone_fish', 'clownfish (anemone fish)'),
    395: ('gar', 'gar (fish)'),
    397: ('puffer', 'pufferfish'),
    408: ('amphibian', 'amphibious vehicle'),
    412: ('ashcan', 'trash can'),
    418: ('ballpoint', 'ballpoint pen'),
    419: ('Band_Aid', 'Band-Aid'),
    421: ('bannister', 'banister'),
    428: ('barrow', 'wheelbarrow'),
    436: ('beach_wagon', 'station wagon'),
    437: ('beacon', 'lighthouse'),
    439: ('bearskin', "bearskin (guard's hat)"),
    444: ('bicycle-built-for-two', 'tandem bicycle'),
    446: ('binder', 'ring binder'),
    452: ('bonnet', 'bonnet (hat)'),
    456: ('bow', 'bow (archery)'),
    458: ('brass', 'brass memorial plaque'),
    459: ('brassiere', 'bra'),
    468: ('cab', 'taxi'),
    469: ('caldron', 'cauldron'),
    474: ('cardigan', 'cardigan (sweater)'),
    480: ('cash_machine', 'cash machine (ATM)'),
    487: ('cellular_telephone', 'mobile phone'),
    489: ('chainlink_fence', 'chain-link fence'),
    491: ('chain_saw', 'chainsaw'),
    492: ('chest', 'chest (storage box)'),
    494: ('chime', 'chime (tuned bells)'),
    509: ('confectionery', 'candy store'),
    511: ('convertible', 'convertible car'),
    513: ('cornet', 'cornet (brass instrument)'),
    517: ('crane', 'crane (machine)'),
    520: ('crib', 'crib (baby bed)'),
    521: ('Crock_Pot', 'slow cooker (Crock-Pot)'),
    533: ('dishrag', 'dishcloth'),
    540: ('drilling_platform', 'oil drilling platform'),
    542: ('drumstick', 'drumstick (for drums)'),
    553: ('file', 'file cabinet'),
    564: ('four-poster', 'four-poster bed'),
    570: ('gasmask', 'gas mask'),
    575: ('golfcart', 'golf cart'),
    578: ('gown', 'gown (dress)'),
    581: ('grille', 'radiator grille'),
    584: ('hair_slide', 'hair clip'),
    586: ('half_track', 'half-track'),
    589: ('hand_blower', 'hand dryer'),
    590: ('hand-held_computer', 'hand-held computer (PDA)'),
    592: ('hard_disc', 'hard disk'),
    595: ('harvester', 'combine harvester'),
    606: ('iron', 'clothes iron'),
    608: ('jean', 'jeans'),
    610: ('jersey', 'T-shirt (jersey)'),
    612: ('jinrikisha', 'rickshaw'),
    628: ('liner', 'ocean liner'),
    630: ('Loafer', 'loafer (shoe)'),
    633: ('loupe', 'loupe (magnifier)'),
    634: ('lumbermill', 'sawmill'),
    638: ('maillot', 'maillot (leotard)'),
    639: ('maillot', 'maillot (tank suit)'),
    648: ('medicine_chest', 'medicine cabinet'),
    661: ('Model_T', 'Ford Model T'),
    664: ('monitor', 'computer monitor'),
    666: ('mortar', 'mortar (grinding bowl)'),
    673: ('mouse', 'computer mouse'),
    676: ('muzzle', 'muzzle (for dogs)'),
    680: ('nipple', 'baby bottle nipple'),
    681: ('notebook', 'notebook computer'),
    687: ('organ', 'pipe organ'),
    697: ('pajama', 'pajamas'),
    699: ('panpipe', 'pan flute'),
    705: ('passenger_car', 'railway passenger car'),
    707: ('pay-phone', 'payphone'),
    714: ('pick', 'guitar pick'),
    717: ('pickup', 'pickup truck'),
    724: ('pirate', 'pirate ship'),
    725: ('pitcher', 'pitcher (jug)'),
    726: ('plane', 'plane (woodworking tool)'),
    737: ('pop_bottle', 'soda bottle'),
    738: ('pot', 'flowerpot'),
    746: ('puck', 'hockey puck'),
    749: ('quill', 'quill pen'),
    751: ('racer', 'race car'),
    752: ('racket', 'tennis racket'),
    758: ('reel', 'fishing reel'),
    767: ('rubber_eraser', 'eraser'),
    769: ('rule', 'ruler'),
    773: ('saltshaker', 'salt shaker'),
    776: ('sax', 'saxophone'),
    778: ('scale', 'weighing scale'),
    782: ('screen', 'CRT screen'),
    800: ('slot', 'slot machine'),
    807: ('solar_dish', 'solar dish (solar collector)'),
    829: ('streetcar', 'tram (streetcar)'),
    831: ('studio_couch', 'sofa bed'),
    834: ('suit', 'suit (clothing)'),
    840: ('swab', 'mop (swab)'),
    844: ('switch', 'electric switch'),
    847: ('tank', 'tank (military vehicle)'),
    850: ('teddy', 'teddy bear'),
    853: ('thatch', 'thatched roof'),
    856: ('thresher', 'threshing machine'),
    865: ('toyshop', 'toy shop'),
    867: ('trailer_truck', 'semi-trailer truck'),
    876: ('tub', 'tub (vat)'),
    881: ('upright', 'upright piano'),
    882: ('vacuum', 'vacuum cleaner'),
    884: ('vault', 'vault (arched ceiling)'),
    885: ('velvet', 'velvet (fabric)'),
    895: ('warplane', 'military aircraft'),
    897: ('washer', 'washing machine'),
    905: ('window_shade', 'window blind'),
    908: ('wing', 'aircraft wing'),
    912: ('worm_fence', 'split-rail fence'),
    913: ('wreck', 'shipwreck'),
    916: ('web_site', 'website'),
    921: ('book_jacket', 'book jacket (dust cover)'),
    929: ('ice_lolly', 'ice pop'),
    930: ('French_loaf', 'French loaf (baguette)'),
    934: ('hotdog', 'hot dog'),
    936: ('head_cabbage', 'cabbage'),
    948: ('Granny_Smith', 'Granny Smith apple'),
    962: ('meat_loaf', 'meatloaf'),
    964: ('potpie', 'pot pie'),
    970: ('alp', 'alp (high mountain)'),
    975: ('lakeside', 'lakeshore'),
    981: ('ballplayer', 'baseball player'),
    982: ('groom', 'bridegroom'),
    986: ("yellow_lady's_slipper", "yellow lady's slipper orchid"),
    989: ('hip', 'rose hip'),
    990: ('buckeye', 'buckeye (horse chestnut)'),
    994: ('stinkhorn', 'stinkhorn mushroom'),
    995: ('earthstar', 'earthstar fungus'),
    998: ('ear', 'ear of corn'),
    999: ('toilet_tissue', 'toilet paper'),
}


def friendly_names(rows):
    """Maps (index, wnid, source name) rows, in index order, to (index, wnid, friendly name)."""
    result = []
    for index, wnid, source_name in rows:
        if index in RENAMES:
            expected_source, name = RENAMES[index]
            if source_name != expected_source:
                raise ValueError(f"class {index} is {source_name!r} in the labels file, the rename table expects {expected_source!r}")
        else:
            name = source_name.replace("_", " ")
        result.append((index, wnid, name))
    return result


def check_unique(classes):
    seen = {}
    for index, _, name in classes:
        key = name.casefold()
        if key in seen:
            raise ValueError(f"classes {seen[key]} and {index} are both called {name!r}; add a rename")
        seen[key] = index


def read_labels(path):
    with open(path, newline="", encoding="utf-8") as stream:
        rows = sorted({(int(row["class_index"]), row["wnid"], row["name"]) for row in csv.DictReader(stream)})
    indices = [index for index, _, _ in rows]
    if indices != list(range(CLASS_COUNT)):
        raise ValueError(f"{path} does not list each class index 0..{CLASS_COUNT - 1} exactly once")
    return rows


def main(arguments):
    parser = argparse.ArgumentParser(description="Write Data/imagenet-classes.tsv from the ImageNet sample's labels.csv.")
    parser.add_argument("--labels", type=Path, default=DEFAULT_LABELS, help="labels.csv with path, wnid, class_index, name")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the TSV")
    options = parser.parse_args(arguments)
    try:
        classes = friendly_names(read_labels(options.labels))
        check_unique(classes)
    except (OSError, ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    lines = ["index\twnid\tname"] + [f"{index}\t{wnid}\t{name}" for index, wnid, name in classes]
    options.output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {options.output}: {len(classes)} classes, {len(RENAMES)} renamed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
