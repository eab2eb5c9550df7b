"""Reads a legacy (non-zip) PyTorch checkpoint into numpy arrays, without torch.

Before version 1.6 `torch.save` wrote a plain stream of pickles instead of a zip archive:

1. the magic number 0x1950a86a20f9469cfc6c,
2. the protocol version (1001),
3. system information (endianness and C type sizes),
4. the saved object itself (here a state dict). Every tensor in it is pickled as
   `torch._utils._rebuild_tensor_v2(storage, storage_offset, size, stride, ...)` and every
   storage as a persistent id `('storage', <storage class>, key, location, element_count, ...)`,
5. a pickle with the list of storage keys, in the order their data follows,
6. for each key: the element count as little-endian int64, then the raw little-endian elements.

Only the globals a state dict needs are resolved; anything else is refused, so reading an
untrusted file cannot run code. Tensors honour their storage offset and strides, so views that
are not contiguous come out right.
"""

import collections
import pickle
import struct
from dataclasses import dataclass

import numpy as np

LEGACY_MAGIC_NUMBER = 0x1950A86A20F9469CFC6C
LEGACY_PROTOCOL_VERSION = 1001

STORAGE_ELEMENT_TYPES = {
    "FloatStorage": np.dtype("<f4"),
    "DoubleStorage": np.dtype("<f8"),
    "HalfStorage": np.dtype("<f2"),
    "LongStorage": np.dtype("<i8"),
    "IntStorage": np.dtype("<i4"),
    "ShortStorage": np.dtype("<i2"),
    "CharStorage": np.dtype("i1"),
    "ByteStorage": np.dtype("u1"),
    "BoolStorage": np.dtype("?"),
}


class CheckpointError(Exception):
    """The file is not a legacy PyTorch checkpoint this reader understands."""


@dataclass(frozen=True)
class StorageClass:
    """Stands in for a `torch.<Kind>Storage` class named by the pickle."""

    name: str

    @property
    def element_type(self):
        return STORAGE_ELEMENT_TYPES[self.name]


@dataclass(frozen=True)
class StorageReference:
    """A storage named by a persistent id; its bytes come later in the file."""

    key: str
    storage_class: StorageClass
    element_count: int


@dataclass(frozen=True)
class TensorReference:
    """A tensor as pickled: a strided view into a storage that has not been read yet."""

    storage: StorageReference
    storage_offset: int
    size: tuple
    stride: tuple

    def materialise(self, storage_elements):
        """Returns a contiguous numpy copy of this view of `storage_elements`."""
        needed = self.storage_offset + sum((n - 1) * s for n, s in zip(self.size, self.stride)) + 1
        if any(n == 0 for n in self.size):
            return np.zeros(self.size, dtype=storage_elements.dtype)
        if needed > storage_elements.size:
            raise CheckpointError(
                f"tensor view (offset {self.storage_offset}, size {self.size}, stride {self.stride}) "
                f"reaches past the end of storage {self.storage.key} ({storage_elements.size} elements)"
            )
        base = storage_elements[self.storage_offset:]
        item = storage_elements.itemsize
        view = np.lib.stride_tricks.as_strided(
            base, shape=self.size, strides=tuple(s * item for s in self.stride), writeable=False
        )
        return np.array(view, order="C", copy=True)


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad=False, backward_hooks=None, *rest):
    return TensorReference(storage, int(storage_offset), tuple(size), tuple(stride))


def _rebuild_parameter(data, requires_grad=False, backward_hooks=None, *rest):
    return data


class _StateDictUnpickler(pickle.Unpickler):
    """Unpickles a state dict, turning tensors into `TensorReference`s."""

    def find_class(self, module, name):
        if module == "collections" and name == "OrderedDict":
            return collections.OrderedDict
        if module == "torch._utils" and name == "_rebuild_tensor_v2":
            return _rebuild_tensor_v2
        if module == "torch._utils" and name == "_rebuild_parameter":
            return _rebuild_parameter
        if module == "torch" and name in STORAGE_ELEMENT_TYPES:
            return StorageClass(name)
        raise CheckpointError(f"the checkpoint refers to {module}.{name}, which a plain state dict never needs")

    def persistent_load(self, persistent_id):
        if not (isinstance(persistent_id, tuple) and len(persistent_id) >= 5 and persistent_id[0] == "storage"):
            raise CheckpointError(f"unexpected persistent id {persistent_id!r}")
        _, storage_class, key, _location, element_count = persistent_id[:5]
        if not isinstance(storage_class, StorageClass):
            raise CheckpointError(f"storage {key} has unknown type {storage_class!r}")
        return StorageReference(str(key), storage_class, int(element_count))


def _load_plain_pickle(stream, what):
    try:
        return pickle.Unpickler(stream).load()
    except Exception as error:
        raise CheckpointError(f"could not read the {what}: {error}") from error


def read_state_dict(path):
    """Reads the legacy checkpoint at `path`; returns an ordered dict name -> numpy array."""
    with open(path, "rb") as stream:
        if stream.read(2)[:1] == b"PK":
            raise CheckpointError(f"{path} is a zip-format checkpoint (torch >= 1.6), not the legacy format")
        stream.seek(0)
        magic = _load_plain_pickle(stream, "magic number")
        if magic != LEGACY_MAGIC_NUMBER:
            raise CheckpointError(f"{path} does not start with the legacy PyTorch magic number")
        version = _load_plain_pickle(stream, "protocol version")
        if version != LEGACY_PROTOCOL_VERSION:
            raise CheckpointError(f"{path} uses protocol version {version}, expected {LEGACY_PROTOCOL_VERSION}")
        system_info = _load_plain_pickle(stream, "system information")
        if not system_info.get("little_endian", False):
            raise CheckpointError(f"{path} was written on a big-endian machine, which is not supported")

        state = _StateDictUnpickler(stream).load()
        if not isinstance(state, dict):
            raise CheckpointError(f"{path} holds a {type(state).__name__}, not a state dict")
        storage_keys = _load_plain_pickle(stream, "storage key list")

        storages_by_key = {}
        for value in state.values():
            if isinstance(value, TensorReference):
                storages_by_key[value.storage.key] = value.storage

        storage_elements = {}
        for key in storage_keys:
            header = stream.read(8)
            if len(header) != 8:
                raise CheckpointError(f"{path} is truncated before the data of storage {key}")
            (count,) = struct.unpack("<q", header)
            reference = storages_by_key.get(key)
            if reference is None:
                raise CheckpointError(f"storage {key} has data but no tensor uses it")
            element_type = reference.storage_class.element_type
            raw = stream.read(count * element_type.itemsize)
            if len(raw) != count * element_type.itemsize:
                raise CheckpointError(f"{path} is truncated inside the data of storage {key}")
            storage_elements[key] = np.frombuffer(raw, dtype=element_type)

    tensors = collections.OrderedDict()
    for name, value in state.items():
        if not isinstance(value, TensorReference):
            raise CheckpointError(f"entry {name} is a {type(value).__name__}, not a tensor")
        if value.storage.key not in storage_elements:
            raise CheckpointError(f"the data of storage {value.storage.key} (used by {name}) is missing")
        tensors[name] = value.materialise(storage_elements[value.storage.key])
    return tensors
