// SightlineImaging placeholder
