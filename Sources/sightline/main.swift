print("sightline")
