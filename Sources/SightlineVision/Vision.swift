// vision
